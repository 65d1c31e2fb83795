import Foundation

extension TmuxSession {
    /// Runs `trellis run CONFIG` at the shell, which then prints the status
    /// (`EXITED=N`) and whether the line discipline edits (`icanon`) and echoes
    /// (`echo`) again, as `TTY=[icanon echo ]` once the terminal is given back.
    public func runTrellis(config: URL) throws {
        let flags = "stty -a | tr ' ' '\\n' | grep -x -e '-\\?icanon' -e '-\\?echo' | tr '\\n' ' '"
        try run("\(Products.trellis.path) run \(config.path); echo EXITED=$?; echo \"TTY=[$(\(flags))]\"")
    }

    /// Waits for the two lines ``runTrellis(config:)`` prints once `trellis` has
    /// ended. `TTY=[…]` is one write, so the screen is never read halfway through
    /// it (on a loaded machine `stty -a`'s own lines could be read one at a time).
    public func waitForExit() throws -> String {
        try waitForScreen {
            $0.range(of: "EXITED=[0-9]", options: .regularExpression) != nil
                && $0.range(of: "TTY=\\[[a-z -]*\\]", options: .regularExpression) != nil
        }
    }
}
