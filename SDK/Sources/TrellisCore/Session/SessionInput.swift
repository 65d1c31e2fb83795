/// Everything that reaches a session, from any front end: the terminal, the
/// browser's page, a headless script and the testing kit feed the same inputs to
/// ``ScreenSession/update(_:)``, the one way a session changes.
public enum SessionInput: Sendable {
    /// A key, a paste or the mouse, as the terminal decodes them or a script names them.
    case key(Key)
    /// A control of the browser's page was used, or its back.
    case page(PageRequest)
    /// A script's command (`tap Next`, `expect …`, `print`); ``ScreenSession/update(_:)``
    /// returns what it writes, or why a step did not hold.
    case command(ScriptCommand)
    /// Focuses the text field a label or placeholder names (the testing kit's
    /// `type`, `submit` and `clear`), by the rule `tap` uses.
    case focusField(named: String)
    /// Chooses an option of the picker or tab bar a label names (the testing
    /// kit's `choose`), as a click on the option does.
    case choose(option: String, in: String)
    /// A message for the user: shown in the status line until the next key, and
    /// kept in the message log.
    case notice(String)
    /// The window the front end draws in has a new size.
    case resize(Window)
    /// The spinners of tasks under way turn one step (while a frame ``Frame/animates``).
    case animationStep
    /// The views changed without an input (a task, a timer, a notice, a screen
    /// that loaded): the focus settles on what is there now. A front end sends it
    /// before it draws when the views told it they changed.
    case viewsChanged
}

extension ScreenSession {
    /// Takes one input, settles the focus on what is on screen after it, and draws
    /// ``frame``: the only way input reaches a session.
    ///
    /// - Returns: What a script's command writes to standard output (`print`,
    ///   `tree`), if anything, or the ``SessionFailure`` of a step that did not hold.
    @discardableResult
    public func update(_ input: SessionInput) -> Result<String?, SessionFailure> {
        var result: Result<String?, SessionFailure> = .success(nil)
        switch input {
        case let .key(key):
            press(key)
        case let .page(request):
            perform(request)
        case let .command(command):
            result = Result { () throws(SessionFailure) in try execute(command) }
        case let .focusField(label):
            result = Result { () throws(SessionFailure) in try focusField(label) }.map { nil }
        case let .choose(option, label):
            result = Result { () throws(SessionFailure) in try choose(option, in: label) }.map { nil }
        case let .notice(message):
            post(message)
        case let .resize(newWindow):
            window = newWindow
        case .animationStep:
            animationPhase &+= 1
        case .viewsChanged:
            break
        }
        frame = settledFrame()
        return result
    }
}
