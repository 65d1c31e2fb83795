import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { TestScreensPlugin() }
}

/// Screens that misbehave on purpose, for the host's tests. The route's
/// `behaviour` parameter picks one (see ``TestBehaviour``).
final class TestScreensPlugin: TrellisPlugin {
    let manifest = PluginManifest(
        name: "TestScreens",
        summary: "Test screens: asynchronous updates and failures, picked by the `behaviour` parameter."
    )

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
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}

final class TestScreensBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let name = context.parameters["behaviour"]?.stringValue ?? ""
        guard let behaviour = TestBehaviour(rawValue: name) else {
            throw TestFailure(description: "unknown behaviour \"\(name)\"")
        }
        let view = ViewController(content: .text("Starting"))
        return ViewableRouter(interactor: TestInteractor(behaviour: behaviour, view: view), viewController: view)
    }
}

final class TestInteractor: PresentableInteractor<ViewController> {
    private let behaviour: TestBehaviour

    init(behaviour: TestBehaviour, view: ViewController) {
        self.behaviour = behaviour
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
        }
    }
}
