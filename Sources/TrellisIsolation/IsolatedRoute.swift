import CTerminal
import Dispatch
import Foundation
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK

/// The isolated route's screen in the app: it starts the route's process when it
/// becomes active, shows each view the process sends, sends it the user's
/// actions, and ends it when it resigns. A process that ends or crashes is shown
/// as an error in the route's place; the rest of the app goes on.
package final class IsolatedInteractor: PresentableInteractor<ViewController> {
    private var launch: IsolatedLaunch
    /// What starts the route's process, and counts it while it starts.
    private let hosts: PluginHosts
    /// Its tree's notices: what its process says, and what the host says of it.
    private let say: (String) -> Void
    private var isStarting = false {
        didSet { hosts.noteStarting(isStarting) }
    }
    private weak var listener: ScreenListener?
    private var process: pid_t = 0
    private var channel: IsolationChannel?
    /// What reads its channel as the process writes it.
    private var channelWatch: ReadWatch?
    /// The end of the pipe the process writes its standard error to.
    private var errors: Int32 = -1
    private var errorText: [UInt8] = []
    /// The process's temporary folder, removed when it ends.
    private var scratch: String?

    package init(
        presenter: ViewController, launch: IsolatedLaunch, hosts: PluginHosts, listener: ScreenListener?,
        say: @escaping (String) -> Void
    ) {
        self.launch = launch
        self.hosts = hosts
        self.say = say
        self.listener = listener
        super.init(presenter: presenter)
    }

    package override func didBecomeActive() {
        super.didBecomeActive()
        askOrStart()
        presenter.actions
            .subscribe { [weak self] action in
                guard let self else { return }
                // Its place, once the process ended, offers a restart; before it
                // started, the question.
                switch action {
                case .tap(Self.restartID) where channel == nil: start()
                case .tap(PermissionAsks.allowID) where channel == nil: answer(allowed: true)
                case .tap(PermissionAsks.denyID) where channel == nil: answer(allowed: false)
                default: send(.action(path: [], action))
                }
            }
            .disposeOnDeactivate(interactor: self)
    }

    private func answer(allowed: Bool) {
        guard var asks = launch.asks, !asks.pending.isEmpty else { return }
        if let problem = asks.answer(allowed: allowed) { say(problem) }
        launch.asks = asks
        startSayingDenials()
    }

    /// Asks what its plugin asks for and the user has not answered, else starts
    /// its process.
    private func askOrStart() {
        if let asks = launch.asks, !asks.pending.isEmpty {
            presenter.show(MirroredView(content: asks.prompt(route: launch.routeID)), at: []) { _ in }
        } else {
            startSayingDenials()
        }
    }

    /// Starts the process, saying first what its plugin was denied.
    private func startSayingDenials() {
        launch.asks?.makeWritableFolders()
        if let notice = launch.asks?.deniedNotice {
            say(notice)
            Log.info(notice + " (`trellis permissions --revoke \(launch.asks?.plugin ?? "")` asks again)")
        }
        start()
    }

    package override func willResignActive() {
        super.willResignActive()
        stop()
    }

    private func start() {
        closeErrors()
        // Its own temporary folder, the only other one it may write: its
        // TMPDIR, and where a plugin with libraries beside it is mapped from.
        var template = Array("\(NSTemporaryDirectory())/trellis-route-XXXXXX".utf8CString)
        if template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil {
            scratch = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        }
        let started: PluginHostProcess
        stamps = PluginFileStamps(launch.pluginFiles)
        let state = handedState.map { ["--state", $0] } ?? []
        handedState = nil
        switch hosts.start(launch.arguments + (scratch.map { ["--scratch", $0] } ?? []) + state) {
        case let .success(process): started = process
        case let .failure(error):
            show("could not start a process for it: \(error.message)")
            return
        }
        process = started.pid
        // Each descriptor is closed by its watch once it ends: a number reused
        // while the watch still waits on it would never be read. What the
        // process writes to standard error is read as it comes: a full pipe would
        // stop it.
        let watches = (
            ReadWatch(started.channel) { [weak self] in _ = self?.read() },
            ReadWatch(started.errors) { [weak self] in self?.readErrors() }
        )
        guard let channelWatch = watches.0, let errorsWatch = watches.1 else {
            watches.0?.cancel()
            watches.1?.cancel()
            _ = reap()
            show("could not watch its process's output: the app has no descriptor or thread left for it")
            return
        }
        self.channelWatch = channelWatch
        self.errorsWatch = errorsWatch
        errors = started.errors
        channel = IsolationChannel(descriptor: started.channel)
        mirror = nil
        isStarting = true
        presenter.content = .text("Starting \(launch.routeID) in a process of its own…")
        errorText = []
        hangCheck = HangCheck(limit: Self.hangLimit, now: .now)
        let heartbeat = DispatchSource.makeTimerSource(queue: .main)
        let interval = DispatchTimeInterval.milliseconds(Int(hangCheck.interval / .milliseconds(1)))
        heartbeat.schedule(deadline: .now() + interval, repeating: interval)
        heartbeat.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.checkAlive() } }
        heartbeat.resume()
        self.heartbeat = heartbeat
    }

    private var flood = FloodLimit()
    /// The builds of its plugin files its process started with.
    private var stamps = PluginFileStamps([])
    /// The state the process it replaces saved, for the next start.
    private var handedState: String?
    /// Whether the app asked for the state its root saves, and whether the
    /// process answered (``IsolationMessage/preserved(_:)``): an answer not asked
    /// for is ignored.
    private var preservedAsked = false
    private var preservedAnswered = false
    /// What the process sent last, whole: what its patches change.
    private var mirror: MirroredView?
    /// What reads its standard error as the process writes it.
    private var errorsWatch: ReadWatch?
    private var heartbeat: DispatchSourceTimer?
    private var hangCheck = HangCheck(limit: hangLimit, now: .now)

    /// Asks a silent process whether it is alive, and ends one that has not
    /// answered within ``hangLimit``: its main thread is stuck, and the rest of
    /// the app goes on.
    private func checkAlive() {
        guard channel != nil else { return }
        switch hangCheck.look(at: .now) {
        case .wait: break
        case .ping: send(.ping)
        case let .end(silent):
            kill(process, SIGKILL)
            end(
                saying: "its process did not answer for \(HangCheck.seconds(silent)) s (the limit: "
                    + "TRELLIS_HANG_SECONDS, else 10 s) and was ended; the rest of the app goes on.")
        }
    }

    private func readErrors() {
        guard errors >= 0 else { return }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(errors, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count == 0 { closeErrors() }
                return
            }
            errorText = Array((errorText + chunk[..<count]).suffix(2048))
        }
    }

    private func closeErrors() {
        // Its watch closes it.
        errorsWatch?.cancel()
        errorsWatch = nil
        errors = -1
    }

    /// Sends `message` to the route's process, if it runs. An action or a back
    /// waits for the process to handle it, as a plugin in the app's process is
    /// waited for: a key after it acts on the screen it led to, and back is seen
    /// to go back.
    private func send(_ message: IsolationMessage) {
        guard let channel else { return }
        guard channel.send(message, waitingAtMost: Self.actionWait) else {
            // Gone, or not reading what the app sends: the app never waits on it.
            kill(process, SIGKILL)
            end(saying: "its process did not read what the app sent it, and was ended")
            return
        }
        switch message {
        case .action, .back:
            flood.expectAnswers(2)
            awaitHandled()
        case .ping: flood.expectAnswers(1)
        case .preserve: flood.expectAnswers(1)
        case .screen, .patch, .dismiss, .event, .notice, .handled, .alive, .preserved: break
        }
    }

    private func awaitHandled() {
        awaitReading { [unowned self] in read() }
    }

    /// Reads what the process sends until `done` says so, for
    /// ``actionWait`` at most.
    private func awaitReading(_ done: () -> Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now + Self.actionWait
        while let channel, clock.now < deadline {
            let left = clock.now.duration(to: deadline).components
            var ready = pollfd(fd: channel.descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(left.seconds * 1000 + left.attoseconds / 1_000_000_000_000_000 + 1))
            if polled < 0, errno == EINTR { continue }
            guard polled > 0, !done() else { return }
        }
    }

    /// The route, for a live swap.
    package var routeID: String { launch.routeID }

    /// Whether a plugin file of its route or those below changed since its
    /// process started: a rebuild.
    package var filesChanged: Bool { PluginFileStamps(launch.pluginFiles) != stamps }

    /// A live swap: asks the process for the state its root saves (a second
    /// at most), ends it, and starts a new one, from the files as they are now,
    /// with that state.
    package func startAgain(asks: PermissionAsks?) {
        let asking = !(launch.asks?.pending.isEmpty ?? true)
        if !asking, channel != nil {
            preservedAnswered = false
            preservedAsked = true
            defer { preservedAsked = false }
            send(.preserve)
            awaitReading { [unowned self] in
                read()
                return preservedAnswered
            }
        }
        _ = reap()
        // What the new build asks that is not answered is asked first.
        launch.asks = asks
        askOrStart()
    }

    /// Reads what the process sent and shows it: whether it said the actions
    /// sent so far are handled.
    @discardableResult
    private func read() -> Bool {
        guard var channel else { return false }
        let received = channel.receiveCounting()
        self.channel = channel
        var handled = false
        if !received.messages.isEmpty { hangCheck.heard(at: .now) }
        if let flood = flood.count(received.messages.count, bytes: received.bytes) {
            kill(process, SIGKILL)
            end(saying: "its process sent \(flood), and was ended")
            return handled
        }
        // What was read is applied in turn, and drawn once.
        var shown = mirror
        // A message may detach the route (a dismiss, an event its parent acts
        // on): what follows it in the batch is not for anyone.
        for message in received.messages where self.channel != nil {
            switch message {
            case .handled: handled = true
            case .alive, .ping: break
            case let .screen(whole): shown = whole
            case let .patch(patches):
                guard let patched = shown?.applying(patches) else {
                    end(saying: "its process sent a change to a view it had not sent, and was ended")
                    return handled
                }
                shown = patched
            case .dismiss:
                draw(shown)
                listener?.screenDidRequestDismiss(slot: launch.routeID)
            case let .event(name, json):
                draw(shown)
                hear(eventNamed: name, json: json)
            case let .notice(text): say(String(text.prefix(Self.longestNotice)))
            case let .preserved(state) where preservedAsked:
                handedState = state
                preservedAnswered = true
            case .preserved: break
            case .action, .back, .preserve: break
            }
        }
        draw(shown)
        if let problem = received.problem {
            end(saying: "its process sent \(problem), and was ended")
        } else if received.ended {
            end(saying: nil)
        }
        return handled
    }

    /// Passes an event the process's screen sent to the parent, which decodes
    /// it as a type it hears, or says that it does not hear it.
    private func hear(eventNamed name: String, json: String) {
        if let parent = listener as? ScreenEventListener, parent.receive(eventNamed: name, json: json) {
            return
        }
        let parent = listener.map { "\(type(of: $0))" } ?? "no parent"
        say(
            "route \(launch.routeID) sent a \(name), which its parent (\(parent)) does not hear"
                .escapingControlCharacters)
    }

    /// The route path its process shows below the route, as it last sent it:
    /// at most 16 names of at most 100 characters, its control characters
    /// escaped (a process's text, shown in every status line and address).
    package var pathShown: [String] {
        (mirror?.routePath ?? []).prefix(16).map { String($0.prefix(100)).escapingControlCharacters }
    }

    /// Shows `screen`, the process's, if it is not the one shown.
    private func draw(_ screen: MirroredView?) {
        guard let screen, screen != mirror else { return }
        mirror = screen
        if isStarting { isStarting = false }
        presenter.show(screen, at: []) { [weak self] in self?.send($0) }
    }

    /// Ends the channel and the process, and says why in the route's place.
    private func end(saying problem: String?) {
        let status = reap()
        show(problem ?? Self.describe(status) + lastErrors())
    }

    private func stop() {
        _ = reap()
        closeErrors()
    }

    /// Closes the channel, ends the process and waits for it: its wait status.
    private func reap() -> Int32 {
        // The process reads its end now; the watch then closes the descriptor.
        if let channel { shutdown(channel.descriptor, Int32(SHUT_RDWR)) }
        channel = nil
        channelWatch?.cancel()
        channelWatch = nil
        heartbeat?.cancel()
        heartbeat = nil
        if isStarting { isStarting = false }
        guard process > 0 else { return 0 }
        var status: Int32 = 0
        // A process told its channel closed ends at once; one that does not is killed.
        for _ in 0..<500 where waitpid(process, &status, WNOHANG) == 0 { usleep(1000) }
        if waitpid(process, &status, WNOHANG) == 0 {
            kill(process, SIGKILL)
            waitpid(process, &status, 0)
        }
        // What it started (when granted processes) ends with it: its session's group.
        kill(-process, SIGKILL)
        process = 0
        if let scratch { try? FileManager.default.removeItem(atPath: scratch) }
        scratch = nil
        return status
    }

    private func lastErrors() -> String {
        readErrors()
        closeErrors()
        // Its last lines, where a report ends: the whole may be taller than the window.
        let lines = String(decoding: errorText, as: UTF8.self).split(separator: "\n").suffix(4).map { $0.prefix(400) }
        return lines.isEmpty ? "" : "\n" + lines.joined(separator: "\n")
    }

    /// Shows `problem` in the route's place, and what the process had over it goes.
    private func show(_ problem: String) {
        // The process's screen is gone, and with it the path it showed.
        mirror = nil
        presenter.show(MirroredView(content: Self.stopped(launch, saying: problem)), at: []) { _ in }
    }
}
