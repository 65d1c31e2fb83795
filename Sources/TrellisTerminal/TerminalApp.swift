import Foundation
import Glibc
import TrellisConfig
import TrellisCore
import TrellisLoop
import TrellisPlatform
import TrellisSession
import TrellisTree

/// Runs a launched route tree in the terminal, driven from the keyboard and by the
/// screens' own asynchronous work.
@MainActor
public enum TerminalApp {
    /// How long a spinner shows each of its frames.
    package static let animationStep: Duration = .milliseconds(100)

    /// Why the app stopped.
    public enum Ending: Equatable {
        /// The user quit (Ctrl-C).
        case quit
        /// A signal ended it; re-raise it once the terminal is restored.
        case signal(Int32)
    }

    /// Takes over the terminal, runs the app until the user quits or a signal ends
    /// it, and gives the terminal back as it was.
    ///
    /// One ``EventLoop`` waits for keys (read and decoded as they arrive by a
    /// ``KeyReader``), signals and the main actor's work; a frame is drawn when
    /// something changed, at most once a tick.
    ///
    /// - Parameters:
    ///   - usesMouse: Whether clicks and the wheel are reported.
    ///   - theme: The colours it draws with.
    ///   - styles: The user's own styles (theme.json), over the theme's.
    /// - Throws: ``TerminalError`` if the terminal cannot be set up.
    public static func run(
        tree: RouteTree, loop: EventLoop, usesMouse: Bool = true, theme: Theme = .default,
        styles: [CellStyle: String] = [:], keymap: Keymap = Keymap()
    ) throws(TerminalError) -> Ending {
        TerminalState.usesMouse = usesMouse
        let terminal = try Terminal()
        var session: ScreenSession?
        // After the terminal is given back (defers run last first): the messages
        // the status line cut to its width, whole, when there were warnings.
        defer { if let session { printMessages(of: session) } }
        defer { terminal.restore() }
        var diff = FrameDiff(theme: theme)
        diff.userStyles = styles
        diff.asciiOnly = !FrameDiff.localeIsUTF8(ProcessInfo.processInfo.environment)
        let size = terminal.size
        let screens = ScreenSession(tree: tree, window: Window(width: size.columns, height: size.rows))
        session = screens
        screens.noteHostWorkForCrashReport()
        screens.userKeyLines = keymap.lines
        let reader = try KeyReader()
        return run(
            session: screens, tree: tree, terminal: terminal, reader: reader, loop: loop, diff: &diff, keymap: keymap)
    }

    /// Prints the run's messages to standard error.
    private static func printMessages(of session: ScreenSession) {
        guard !session.messages.isEmpty else { return }
        let lines = session.messages.suffix(20).map { "  " + $0.escapingControlCharacters }
        let more = session.messages.count > 20 ? " (the last 20 of \(session.messages.count))" : ""
        FileHandle.standardError.write(
            Data(("trellis: messages of this run\(more):\n" + lines.joined(separator: "\n") + "\n").utf8))
    }

    private static func run(
        session: ScreenSession, tree: RouteTree, terminal: Terminal, reader: KeyReader, loop: EventLoop,
        diff: inout FrameDiff, keymap: Keymap
    ) -> Ending {
        // The terminal puts what `y` copies on its clipboard (OSC 52); tmux takes
        // it with `set-clipboard on`, and most terminal emulators do.
        session.copyToClipboard = { text in
            terminal.write("\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}")
            let shown = TextWidth.truncated(text.escapingControlCharacters, to: 40)
            return "copied “\(shown)” (to the terminal's clipboard)"
        }
        // The views' changes the session has settled on, by the loop's count: a
        // frame after others asks the session to settle first.
        var settledChanges = loop.screenChanges
        func update(_ input: SessionInput) {
            session.update(input)
            settledChanges = loop.screenChanges
        }
        func settle() {
            if loop.screenChanges != settledChanges { update(.viewsChanged) }
        }
        tree.onNotice = { [weak session] message in
            session?.update(.notice(message))
            loop.setNeedsFrame()
        }
        loop.watchVital([reader.descriptor, terminal.signalDescriptor])
        var typeAhead = TypeAhead()
        var title = ""
        // When a task under way's spinner turns next: only while one is on screen.
        var animationDeadline: ContinuousClock.Instant?
        loop.setNeedsFrame()
        while true {
            if let turn = animationDeadline, turn <= loop.now {
                update(.animationStep)
                animationDeadline = nil
                loop.setNeedsFrame()
            }
            if loop.isFrameDue {
                settle()
                let frame = session.frame
                terminal.write(diff.update(to: frame))
                if frame.animates, animationDeadline == nil { animationDeadline = loop.now + animationStep }
                typeAhead.noteFrame(of: session, now: loop.now)
                // The window's title names the app and the screen shown.
                if session.routePathText != title {
                    title = session.routePathText
                    terminal.write("\u{1B}]2;trellis: \(title.escapingForTitle)\u{07}")
                }
                loop.didDrawFrame()
            }
            var keys: [Key] = []
            // Keys released at their limit go in whatever the screen; those released
            // because it became ready are checked again, key by key.
            var pressedAnyway = 0
            if let first = typeAhead.held.first {
                // Keys typed ahead go in once the screen is ready for them, or at their limit.
                if loop.needsFrame {
                    settle()
                    typeAhead.noteFrame(of: session, now: loop.now)
                }
                var isDue = typeAhead.deadline.map { $0 <= loop.now } ?? false
                if isDue {
                    // The work an edit started may not have begun yet (its task is
                    // queued behind a busy moment): let it begin, so keys wait for
                    // it rather than go at the short limit.
                    loop.drain()
                    isDue = typeAhead.deadline.map { $0 <= loop.now } ?? false
                }
                if isDue
                    || !typeAhead.isNotReady(for: first, session: session, changes: loop.screenChanges, now: loop.now)
                {
                    keys = typeAhead.takeHeld()
                    if isDue { pressedAnyway = keys.count }
                }
            }
            let deadline = [
                keys.isEmpty ? loop.nextFrameTime : loop.now, typeAhead.deadline, animationDeadline,
            ].compactMap { $0 }.min()
            let supervisor = CrashRecord.supervisor.descriptor
            let ready = loop.wait(
                for: [reader.descriptor, terminal.signalDescriptor] + (supervisor >= 0 ? [supervisor] : []),
                until: deadline)
            // Killed with SIGKILL, the supervisor sends SIGHUP through the kernel; a
            // plugin may have ignored it. The app ends as for a hang-up all the same.
            if supervisor >= 0, ready.contains(supervisor), CrashRecord.supervisorHasEnded() { return .signal(SIGHUP) }
            if ready.contains(terminal.signalDescriptor) {
                for event in terminal.takeSignals() {
                    switch event {
                    case .resized, .continued, .suspended:
                        if event == .suspended { terminal.suspend() }
                        if event == .continued {
                            terminal.resume()
                            // The shell may have retitled the window meanwhile.
                            title = ""
                        }
                        // Whatever was on the terminal meanwhile, draw it all again.
                        let size = terminal.size
                        update(.resize(Window(width: size.columns, height: size.rows)))
                        diff.invalidate()
                        loop.setNeedsFrame()
                    case let .terminated(signal):
                        return .signal(signal)
                    }
                }
            }
            if ready.contains(reader.descriptor) {
                let input = reader.take()
                keys += input.keys
                if input.dropped > 0 {
                    update(
                        .notice(
                            "\(input.dropped) keys typed while the app was busy were dropped: "
                                + "more than \(KeyReader.capacity) waited"))
                }
                // The keys typed before the terminal hung up are not acted on.
                if input.ended { return .signal(SIGHUP) }
            }
            for (index, typed) in keys.enumerated() {
                // The user's own keys (keys.json) act as the keys they name.
                let key = keymap.translate(typed)
                if key == .control("c") { return .quit }
                if key == .control("l") {
                    // What a plugin wrote straight to the terminal is drawn over.
                    let size = terminal.size
                    update(.resize(Window(width: size.columns, height: size.rows)))
                    diff.invalidate()
                    loop.setNeedsFrame()
                    continue
                }
                if key == .control("z") {
                    // Raw mode turns Ctrl-Z into a byte; suspend as the shell expects.
                    terminal.suspend()
                    let size = terminal.size
                    update(.resize(Window(width: size.columns, height: size.rows)))
                    diff.invalidate()
                    loop.setNeedsFrame()
                    continue
                }
                // Behind keys held, or ahead of a screen not ready for it, a key waits.
                if session.currentTopScreen != session.topScreen {
                    // The last key brought another screen on top: see what it has.
                    settle()
                    typeAhead.noteFrame(of: session, now: loop.now)
                }
                let changes = loop.screenChanges
                if index >= pressedAnyway, typeAhead.held.count < TypeAhead.capacity, TypeAhead.mayWait(key),
                    !typeAhead.held.isEmpty
                        || typeAhead.isNotReady(for: key, session: session, changes: changes, now: loop.now)
                {
                    typeAhead.hold(key)
                    continue
                }
                session.noteKeyForCrashReport()
                update(.key(key))
                typeAhead.notePressed(by: session, changesBefore: changes, changes: loop.screenChanges, now: loop.now)
                CrashRecord.noteActivity("")
                if session.quitRequested { return .quit }
                loop.setNeedsFrame()
            }
        }
    }
}
