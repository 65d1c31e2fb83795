@_spi(TrellisHost) import TrellisSDK

extension ScreenSession {
    /// Runs a script command.
    ///
    /// - Returns: What the command writes to standard output, if anything.
    /// - Throws: ``SessionFailure`` when a step does not hold.
    @discardableResult
    func execute(_ command: ScriptCommand) throws(SessionFailure) -> String? {
        // Drawing first settles the focus on a screen that has just appeared; the
        // commands that read the screen use this one frame.
        let current = settledFrame()
        switch command {
        case let .tap(label):
            let control = try control(matching: label, in: current.controls.filter { !$0.isField })
            // A tab's or a picker option's own name chooses it, as a click on it
            // does; the picker's label (or a part of the bar) steps to the next.
            if case let .picker(id) = control.id, control.label != label,
                let index = topChain.last?.content.options(of: id)?.firstIndex(of: label)
            {
                choose(index, in: control)
            } else {
                activate(control)
            }
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
            try tree.reloadPlugins(route: route)
        case .quit, .wait:
            // The runner handles these: they are about time and input, not the screen.
            break
        }
        return nil
    }
}

extension ScreenSession {
    /// Focuses the text field whose placeholder `label` names, by the rule `tap`
    /// uses for buttons and rows, with the cursor at the end of its text (the
    /// testing kit's `type` and `submit`).
    func focusField(_ label: String) throws(SessionFailure) {
        let current = settledFrame()
        moveFocus(to: try control(matching: label, in: current.controls.filter(\.isField)).id)
    }

    /// Chooses `option` in the picker or tab bar `label` names, by the rule `tap`
    /// uses, as a click on the option does (the testing kit's `choose`).
    func choose(_ option: String, in label: String) throws(SessionFailure) {
        let current = settledFrame()
        let pickers = current.controls.filter { if case .picker = $0.id { true } else { false } }
        let control = try control(matching: label, in: pickers)
        guard case let .picker(id) = control.id, let options = topChain.last?.content.options(of: id) else { return }
        guard let index = options.firstIndex(of: option) else {
            throw .noControl(label: option, available: options)
        }
        choose(index, in: control)
    }

    /// Focuses the picker or tab bar `control` and chooses its option `index`.
    private func choose(_ index: Int, in control: Control) {
        guard case let .picker(id) = control.id else { return }
        moveFocus(to: control.id)
        if topChain.last?.content.choice(of: id)?.selected != index { topChain.last?.send(.choose(id, index: index)) }
    }

    /// Whether a view on top has somewhere to go back to (Esc).
    package var topGoesBack: Bool {
        topChain.contains { $0.backAction != nil }
    }
}
