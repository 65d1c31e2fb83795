/// The exit codes of `trellis`, as `--help` documents them: every status the
/// host ends with on its own account is one of these (a signal's end is 128 and
/// the signal, as the shell reports it).
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// A headless expectation or step did not hold.
    case failure = 1
    /// Bad usage, a bad config, or a plugin that cannot be used.
    case unusable = 2
    /// A plugin crashed the app, ended it, or stopped responding: the report is on
    /// standard error.
    case crashed = 3
}
