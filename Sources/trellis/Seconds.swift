/// A time in seconds that a user sets, in the environment or on the command line.
enum Seconds {
    /// `text` as a number of seconds from `lowest` to 3600, to the millisecond;
    /// the message names `name`, gives `example` and points to `help`.
    static func parse(_ text: String, of name: String, from lowest: Double, example: String, help: String) throws
        -> Duration
    {
        guard let seconds = Double(text), seconds.isFinite, (lowest...3600).contains(seconds) else {
            throw CommandError.usage(
                "\(name) must be a number of seconds from \(lowest == 0 ? "0" : "\(lowest)") to 3600, "
                    + "for example \(example); got \"\(text)\".", help: help)
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }
}
