import Testing

@_spi(TrellisHost) @testable import TrellisSDK

/// `Interactor.task(_:)` and `offMainActor(_:)`: asynchronous work that runs on the
/// main actor, reports its changes and its failures, and ends with its RIB.
///
/// Serialized: the tests share the SDK's host hooks.
@MainActor
@Suite(.serialized)
struct InteractorTaskTests {
    private final class Screen: PresentableInteractor<ViewController> {}

    /// Waits, letting main-actor work run, until `condition` holds or a generous
    /// limit passes (only a broken feature ever reaches it).
    private func eventually(_ condition: () -> Bool) async throws {
        for _ in 0..<3000 where !condition() {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    @Test func aTaskThatSleepsThenUpdatesTheViewReportsTheChange() async throws {
        let view = ViewController(content: .text("Waiting"))
        // Other suites' screens change too, in parallel: note only this one.
        var changed = false
        defer { HostHooks.onScreenChange = nil }
        let interactor = Screen(presenter: view)
        interactor.activate()

        interactor.task {
            try await Task.sleep(for: .milliseconds(50))
            // Set with no suspension before the change: the hook is global.
            HostHooks.onScreenChange = { changed = changed || view.content == .text("Done") }
            view.content = .text("Done")
        }
        try await eventually { view.content == .text("Done") }

        #expect(view.content == .text("Done"))
        #expect(changed)
        interactor.deactivate()
    }

    @Test func deactivatingCancelsTheTaskBeforeItWritesTheView() async throws {
        let view = ViewController(content: .text("Waiting"))
        let interactor = Screen(presenter: view)
        interactor.activate()
        var reachedTheEnd = false
        interactor.task {
            let value = try await offMainActor { "late result" }
            view.content = .text(value)
            try await Task.sleep(for: .milliseconds(20))
            reachedTheEnd = true
        }

        interactor.deactivate()
        try await Task.sleep(for: .milliseconds(100))

        #expect(view.content == .text("Waiting"))
        #expect(!reachedTheEnd)
    }

    @Test func aTaskStartedWhileInactiveNeverRuns() async throws {
        let interactor = Screen(presenter: ViewController())
        var ran = false
        interactor.task { ran = true }
        try await Task.sleep(for: .milliseconds(20))
        #expect(!ran)
    }

    @Test func aThrowingTaskIsReportedWithItsInteractorButCancellationIsNot() async throws {
        struct Broken: Error {}
        var failures: [(Interactor, any Error)] = []
        // The hook is global, and in-process host suites set theirs when they
        // launch a tree: it is set again in each task, with no suspension between
        // that and the throw, so this test hears its own failures.
        let record: (Interactor, any Error) -> Void = { failures.append(($0, $1)) }
        defer { HostHooks.onTaskFailure = nil }
        let interactor = Screen(presenter: ViewController())
        interactor.activate()

        interactor.task {
            HostHooks.onTaskFailure = record
            throw Broken()
        }
        interactor.task {
            HostHooks.onTaskFailure = record
            throw CancellationError()
        }
        try await eventually { !failures.isEmpty }
        try await Task.sleep(for: .milliseconds(20))

        #expect(failures.count == 1)
        #expect(failures.first?.0 === interactor)
        #expect(failures.first?.1 is Broken)
        interactor.deactivate()
    }

    @Test func aDetachedInteractorWithAPendingTaskIsDeallocated() async throws {
        weak var released: Screen?
        do {
            let interactor = Screen(presenter: ViewController())
            released = interactor
            interactor.activate()
            interactor.task { [weak interactor] in
                try await Task.sleep(for: .seconds(60))
                interactor?.presenter.content = .text("never")
            }
            interactor.deactivate()
        }
        try await eventually { released == nil }
        #expect(released == nil)
    }

    @Test func disposingTheTaskCancelsItEarly() async throws {
        let view = ViewController(content: .text("Waiting"))
        let interactor = Screen(presenter: view)
        interactor.activate()
        let task = interactor.task {
            try await Task.sleep(for: .milliseconds(30))
            view.content = .text("Done")
        }
        task.dispose()
        try await Task.sleep(for: .milliseconds(80))
        #expect(view.content == .text("Waiting"))
        interactor.deactivate()
    }
}
