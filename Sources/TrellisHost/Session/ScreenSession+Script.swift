@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// Runs a script command.
    ///
    /// - Returns: What the command writes to standard output, if anything.
    /// - Throws: ``SessionFailure`` when a step does not hold.
    @discardableResult
    public func execute(_ command: ScriptCommand) throws(SessionFailure) -> String? {
        // Drawing first settles the focus on a screen that has just appeared; the
        // commands that read the screen use this one frame.
        let current = frame()
        switch command {
        case let .tap(label):
            activate(try control(matching: label, in: current.controls.filter { !$0.isField }))
        case let .focus(label):
            moveFocus(to: try control(matching: label, in: current.controls).id)
        case let .type(text):
            if palette != nil {
                pressInPalette(.paste(text))
                return nil
            }
            if listFilter?.isTyping == true {
                _ = typeIntoListFilter(.paste(text))
                return nil
            }
            guard let field = focusedField else { throw .noFocusedField }
            insert(text, into: field)
        case let .key(key):
            press(key)
        case let .expect(text):
            guard current.text.contains(text) else { throw .expectationFailed(text: text) }
        case let .expectNot(text):
            guard !current.text.contains(text) else { throw .unexpectedText(text: text) }
        case .print:
            return current.text
        case .tree:
            return treeText()
        case let .open(url):
            do {
                try tree.openLink(url)
            } catch {
                throw .linkRefused(url: url, reason: error.userMessage)
            }
        case let .reload(route):
            guard let routeTree = tree as? RouteTree else {
                throw .reloadRefused(reasons: ["this app's screens are not built from plugin files"])
            }
            let report = routeTree.reload(route: route)
            guard report.failures.isEmpty else {
                // What did swap is said; the step fails with why the rest did not.
                routeTree.report(SwapReport(swapped: report.swapped, closed: report.closed))
                throw .reloadRefused(reasons: report.failures)
            }
            if report.lines.isEmpty, route == nil {
                routeTree.notify(
                    "reload: no plugin file changed since it was loaded; `reload ROUTE` builds a route again")
            }
            routeTree.report(report)
        case .quit, .wait:
            // The runner handles these: they are about time and input, not the screen.
            break
        }
        return nil
    }
}
