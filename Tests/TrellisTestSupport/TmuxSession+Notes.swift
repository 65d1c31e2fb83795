extension TmuxSession {
    /// From the default config's launcher, opens the Notes demo through its `/`
    /// filter and waits for its list of one note (a fresh notes folder).
    public func openNotesFromTheLauncher() throws {
        try waitForText("Trellis pattern gallery")
        // fzf's exact match: the fuzzy `notes` finds Repositories' letters too.
        try send(["-l", "/'notes"])
        try waitForText("1 of 7")
        try send(["Enter"])
        try send(["Enter"])
        try waitForText("1 note · / filters · Enter opens")
    }
}
