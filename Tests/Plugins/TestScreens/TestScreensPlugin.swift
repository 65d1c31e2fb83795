import Dispatch
import Foundation
import Glibc
import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { TestScreensPlugin() }
}

/// Screens that misbehave on purpose, for the host's tests. The route's
/// `behaviour` parameter picks one (see ``TestBehaviour``).
final class TestScreensPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        TestScreensBuilder()
    }
}

/// What a test screen does.
enum TestBehaviour: String {
    /// Shows `Waiting…`, then `Ready after a task` from a task that slept 50 ms.
    case slowTitle
    /// Shows `Working…`, then its task throws after 10 ms.
    case failingTask
    /// Shows `Workflow soon`, then a task 50 ms later starts a workflow whose
    /// first step fails: the host is told, as a notice, with no action under way.
    case failingWorkflow
    /// Changes its content every `interval_ms` (default 50) from a task, first
    /// appending the change's number and `CLOCK_MONOTONIC` time in nanoseconds to
    /// the file `stamps`, for the benchmark's update-to-frame latency.
    case ticker
    /// Keeps its router in a global, so it outlives its detach: a leak.
    case leakyRouter
    /// The builder calls `fatalError`.
    case fatalErrorInBuild
    /// The builder reads through an invalid pointer.
    case segfaultInBuild
    /// The builder closes standard input, output and error.
    case closeStandardStreams
    /// A list of `rows` rows (1,000,000 by default), made off the main actor.
    case hugeList
    /// Shows the command its process runs: `Running: run` in the app's process,
    /// `Running: plugin-host` in a process of its own, `Running: plugin-host
    /// --spare` in one started ahead.
    case showCommand
    /// Claims the host's hooks to switch the leak checks off, shows whether it
    /// got them (`Host hooks refused`), and leaks its router.
    case claimHostHooks
    /// Reads `read`, writes `write`, opens a network socket and starts a
    /// process, and shows what was allowed (SandboxProbe.swift).
    case trySandbox
    /// The builder ends the process with `exit(0)`, as if all had gone well.
    case exitInBuild
    /// The builder ends the process with `_exit(7)`, skipping every handler.
    case underscoreExitInBuild
    /// The builder calls `abort()`, as a failed `assert`, glibc's heap checks and
    /// Swift's allocation failures do: SIGABRT raised by the process itself.
    case abortInBuild
    /// The builder recurses without end and exhausts the main thread's stack.
    case recursionInBuild
    /// The builder blocks every signal, then reads through an invalid pointer:
    /// the kernel ends the process without running any handler.
    case blockedSignalsSegfaultInBuild
    /// The builder limits the process's CPU time (RLIMIT_CPU) to a second more
    /// than it used, then spins: SIGXCPU.
    case cpuLimitInBuild
    /// The builder limits the size of files (RLIMIT_FSIZE) to 1 KiB, then writes
    /// 4 KiB to the file `file`: SIGXFSZ.
    case fileSizeLimitInBuild
    /// The builder closes every descriptor from 3 up (as `close_range` does), the app's
    /// own pipes among them. Shows `Descriptors closed`.
    case closeDescriptorsInBuild
    /// Shows `Crashes when told`, and starts a thread that reads through an
    /// invalid pointer once the file `file` exists: a crash no action of the
    /// host's names.
    case crashOnThreadWhenTold
    /// Shows a text of `lines` lines (default 300,000), `line N of a long text`.
    case hugeText
    /// Shows the view the `view` parameter holds (a ``ViewNode`` as JSON, as
    /// `JSONEncoder` writes it): one view kind, drawn by each front end.
    case showView
    /// The builder ignores SIGHUP, as daemon-style code does. Shows `Hang-ups ignored`.
    case ignoreHangUps
    /// The builder initialises a global that takes 300 ms, while another thread
    /// asks for it after 50 ms: the runtime's lock for it is contended between the
    /// main thread and a worker. Shows `Initialised under contention`.
    case contendedGlobal
    /// Starts a helper in the background that outlives the app and keeps its
    /// standard error (the supervisor's pipe) open; it writes its pid to the file
    /// `pidFile`. Shows `Helper started`.
    case backgroundHelper
    /// The builder never returns: it waits in a loop, as on a lock never released.
    case hangInBuild
    /// Shows a Freeze button whose tap never returns, or returns after the
    /// parameter `seconds` and shows `Thawed`.
    case hangInTap
    /// Shows a Fork button whose tap forks the app, and the child goes on as the
    /// parent does, back into the host.
    case forkInTap
    /// Provides and resolves the dependency "secret", which its manifest does not
    /// list. Shows `Resolved the secret`.
    case undeclaredDependency
    /// The builder installs a SIGSEGV handler of its own that returns, then reads
    /// through an invalid pointer: the fault comes back forever.
    case ownSegfaultHandlerInBuild
    /// Shows ``buildLabel`` and a count that the Count button raises and a live
    /// swap keeps (``StatePreserving``); Close asks the parent to dismiss it.
    case counter
    /// Shows a list of 28,000 rows, `Row 1` to `Row 28000`, above `Chose nothing`,
    /// and `Chose Row N` once row N is chosen. The first choice makes the app busy
    /// on purpose: it creates the file `busy_marker`, then keeps the main thread
    /// until the file `busy_release` exists (at most 5 minutes).
    case busyList
    /// Shows `Reading…`; its task's work takes 3 s off the main actor, then the
    /// task shows `Searching…` and starts a second task whose work takes 0.1 s,
    /// which shows `Read in two steps`: the gap between two pieces of work, as a
    /// screen that reads its data and then searches it has.
    case twoStepWork
    /// In a process of its own, writes well-formed notices to the app without
    /// end (ChannelAbuse.swift). Shows `Writing to the channel`.
    case floodChannel
    /// In a process of its own, writes a message that is not JSON to the app
    /// (ChannelAbuse.swift). Shows `Writing to the channel`.
    case malformedChannel
    /// Allocates 64 MiB at a time, untouched, until an allocation fails (at
    /// most 64 GiB), then frees it all and shows `Refused after N MiB`, or
    /// `Never refused` (ResourceFaults.swift).
    case allocateWithoutEnd
}

/// Which build of the plugin this is. The live swap tests make a "new build" by
/// changing these bytes in a copy of the file: long enough to be stored as bytes
/// in the file, not inline in the code.
let buildLabel = "this test screen is build one"

/// A global whose initialiser is slow, so that another thread waits for it.
let slowGlobal: String = {
    usleep(300_000)
    return "Initialised under contention"
}()

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

/// Where the leaky screen keeps its routers.
@MainActor var leakedRouters: [Routing] = []

final class TestScreensBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let name = context.parameters["behaviour"]?.stringValue ?? ""
        guard let behaviour = TestBehaviour(rawValue: name) else {
            throw TestFailure(description: "unknown behaviour \"\(name)\"")
        }
        switch behaviour {
        case .fatalErrorInBuild:
            fatalError("the test screen crashed on purpose")
        case .segfaultInBuild:
            let invalid = UnsafeMutablePointer<Int>(bitPattern: 0x10)!
            invalid.pointee = 1
        case .ownSegfaultHandlerInBuild:
            signal(SIGSEGV) { _ in }
            let invalid = UnsafeMutablePointer<Int>(bitPattern: 0x10)!
            invalid.pointee = 1
        case .abortInBuild:
            abort()
        case .recursionInBuild, .blockedSignalsSegfaultInBuild, .cpuLimitInBuild, .fileSizeLimitInBuild:
            try misbehave(behaviour, file: context.parameter("file", as: String.self))
        case .claimHostHooks:
            return claimHostHooks()
        case .allocateWithoutEnd:
            return ViewableRouter(interactor: Interactor(), viewController: ViewController(content: .text(allocate())))
        case .floodChannel, .malformedChannel:
            return abuseChannel(flood: behaviour == .floodChannel)
        case .trySandbox:
            return trySandbox(
                read: try context.parameter("read", as: String.self),
                write: try context.parameter("write", as: String.self))
        case .showCommand:
            let words = ((try? String(contentsOfFile: "/proc/self/cmdline", encoding: .utf8)) ?? "").split(
                separator: "\0")
            let command = words.count > 1 ? String(words[1]) : "?"
            // `plugin-host --spare`: a process started ahead, given its route later.
            let ahead = words.count > 2 && words[2] == "--spare" ? " --spare" : ""
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Running: \(command)\(ahead)")))
        case .hugeList:
            let view = ViewController()
            let interactor = HugeListInteractor(
                presenter: view, count: try context.parameter("rows", as: Int.self) ?? 1_000_000)
            return ViewableRouter(interactor: interactor, viewController: view)
        case .exitInBuild:
            exit(0)
        case .underscoreExitInBuild:
            _exit(7)
        case .closeDescriptorsInBuild:
            for descriptor: Int32 in 3..<4096 { close(descriptor) }
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Descriptors closed")))
        case .crashOnThreadWhenTold:
            let file = try context.parameter("file", as: String.self) ?? "/nonexistent"
            Thread.detachNewThread {
                while access(file, F_OK) != 0 { usleep(20_000) }
                misbehave(.segfaultInBuild, file: nil)
            }
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Crashes when told")))
        case .showView:
            let view = try context.parameter("view", as: ViewNode.self) ?? .text("No view given")
            return ViewableRouter(interactor: Interactor(), viewController: ViewController(content: view))
        case .hugeText:
            let count = try context.parameter("lines", as: Int.self) ?? 300_000
            let text = (1...max(count, 1)).map { "line \($0) of a long text" }.joined(separator: "\n")
            return ViewableRouter(interactor: Interactor(), viewController: ViewController(content: .text(text)))
        case .ignoreHangUps:
            signal(SIGHUP, SIG_IGN)
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Hang-ups ignored")))
        case .closeStandardStreams:
            for descriptor: Int32 in [0, 1, 2] { close(descriptor) }
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Streams closed")))
        case .contendedGlobal:
            DispatchQueue.global().async {
                usleep(50_000)
                _ = slowGlobal
            }
            return ViewableRouter(interactor: Interactor(), viewController: ViewController(content: .text(slowGlobal)))
        case .backgroundHelper:
            let pidFile = try context.parameter("pidFile", as: String.self) ?? "/dev/null"
            // Only standard error, the supervisor's pipe, is kept: every other
            // descriptor the app inherited (a test runner's pipes) is closed on exec.
            if let folder = opendir("/proc/self/fd") {
                while let entry = readdir(folder) {
                    let name = withUnsafeBytes(of: entry.pointee.d_name) {
                        String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                    }
                    if let descriptor = Int32(name), descriptor > 2 { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
                }
                closedir(folder)
            }
            // Its pid is written before `system` returns.
            _ = system("sleep 300 >/dev/null </dev/null & echo $! > '\(pidFile)'")
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Helper started")))
        case .hangInBuild:
            hangForever()
        case .hangInTap:
            let view = ViewController(
                content: .stack(
                    axis: .vertical, spacing: 0,
                    children: [.text("Frozen soon"), .button(title: "Freeze", id: "Freeze")]))
            let interactor = HangingInteractor(presenter: view)
            interactor.seconds = try context.parameter("seconds", as: Int.self)
            return ViewableRouter(interactor: interactor, viewController: view)
        case .forkInTap:
            let view = ViewController(
                content: .stack(
                    axis: .vertical, spacing: 0,
                    children: [.text("Ready to fork"), .button(title: "Fork", id: "Fork")]))
            let interactor = ForkingInteractor(presenter: view)
            return ViewableRouter(interactor: interactor, viewController: view)
        case .undeclaredDependency:
            let key = DependencyKey<String>("secret")
            context.dependencies.provide("the secret", for: key)
            let value = try context.dependencies.resolve(key)
            return ViewableRouter(
                interactor: Interactor(), viewController: ViewController(content: .text("Resolved \(value)")))
        case .busyList:
            let view = ViewController()
            let interactor = BusyListInteractor(
                presenter: view, marker: try context.parameter("busy_marker", as: String.self),
                release: try context.parameter("busy_release", as: String.self))
            return ViewableRouter(interactor: interactor, viewController: view)
        case .counter:
            let view = ViewController()
            let interactor = CounterInteractor(view: view, count: context.preservedState(as: Int.self) ?? 0)
            interactor.listener = context.listener
            return ViewableRouter(interactor: interactor, viewController: view)
        default:
            break
        }
        let view = ViewController(content: .text("Starting"))
        let interactor = TestInteractor(
            behaviour: behaviour, view: view,
            interval: .milliseconds(try context.parameter("interval_ms", as: Int.self) ?? 50),
            stamps: try context.parameter("stamps", as: String.self))
        let router = ViewableRouter(interactor: interactor, viewController: view)
        if behaviour == .leakyRouter { leakedRouters.append(router) }
        return router
    }
}

final class TestInteractor: PresentableInteractor<ViewController> {
    private let behaviour: TestBehaviour
    private let interval: Duration
    private let stamps: String?

    init(behaviour: TestBehaviour, view: ViewController, interval: Duration, stamps: String?) {
        self.behaviour = behaviour
        self.interval = interval
        self.stamps = stamps
        super.init(presenter: view)
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        switch behaviour {
        case .slowTitle:
            presenter.content = .text("Waiting…")
            task { [weak self] in
                try await Task.sleep(for: .milliseconds(50))
                self?.presenter.content = .text("Ready after a task")
            }
        case .failingTask:
            presenter.content = .text("Working…")
            task {
                try await Task.sleep(for: .milliseconds(10))
                throw TestFailure(description: "the test data source is gone")
            }
        case .failingWorkflow:
            presenter.content = .text("Workflow soon")
            task { [weak self] in
                try await Task.sleep(for: .milliseconds(50))
                let workflow = Workflow<Void>()
                _ = workflow.onStep { _ -> Observable<(Void, Void)> in throw TestFailure(description: "no such step") }
                    .commit()
                _ = workflow.subscribe(())
                self?.presenter.content = .text("Workflow started")
            }
        case .twoStepWork:
            presenter.content = .text("Reading…")
            task { [weak self] in
                try await offMainActor { _ = usleep(3_000_000) }
                self?.presenter.content = .text("Searching…")
                self?.task {
                    try await offMainActor { _ = usleep(100_000) }
                    self?.presenter.content = .text("Read in two steps")
                }
            }
        case .fatalErrorInBuild, .segfaultInBuild, .abortInBuild, .contendedGlobal, .counter, .busyList,
            .backgroundHelper,
            .closeStandardStreams, .exitInBuild, .underscoreExitInBuild, .hangInBuild, .hangInTap,
            .forkInTap, .undeclaredDependency, .ownSegfaultHandlerInBuild, .recursionInBuild,
            .blockedSignalsSegfaultInBuild, .cpuLimitInBuild, .fileSizeLimitInBuild, .ignoreHangUps,
            .closeDescriptorsInBuild, .crashOnThreadWhenTold, .hugeText, .showView, .claimHostHooks,
            .hugeList, .showCommand, .trySandbox, .floodChannel, .malformedChannel,
            .allocateWithoutEnd:
            break
        case .leakyRouter:
            presenter.content = .text("I will leak")
        case .ticker:
            let file = stamps.map { open($0, O_WRONLY | O_CREAT | O_APPEND, 0o644) } ?? -1
            task { [weak self, interval] in
                defer { if file >= 0 { close(file) } }
                for tick in 1... {
                    try await Task.sleep(for: interval)
                    var time = timespec()
                    clock_gettime(CLOCK_MONOTONIC, &time)
                    let line = "\(tick) \(Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec))\n"
                    _ = line.withCString { write(file, $0, strlen($0)) }
                    self?.presenter.content = .text(tick % 2 == 0 ? "tick ■■■■■■■■ \(tick)" : "tick □□□□□□□□ \(tick)")
                }
            }
        }
    }
}

/// Waits forever, a system call at a time, as code stuck on a lock does.
@inline(never)
func hangForever() -> Never {
    while true { _ = poll(nil, 0, 50) }
}

final class HangingInteractor: PresentableInteractor<ViewController> {
    var seconds: Int?

    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Freeze").bind { [weak self] in
            guard let seconds = self?.seconds else { hangForever() }
            sleep(UInt32(clamping: seconds))
            self?.presenter.content = .text("Thawed")
        }.disposeOnDeactivate(interactor: self)
    }
}

final class ForkingInteractor: PresentableInteractor<ViewController> {
    override func didBecomeActive() {
        super.didBecomeActive()
        presenter.taps("Fork").bind { [weak self] in
            _ = fork()
            self?.presenter.content = .text("Forked")
        }.disposeOnDeactivate(interactor: self)
    }
}
