import TrellisSDK

/// An interactor that records its lifecycle events in a shared log.
final class RecordingInteractor: Interactor {
    let name: String
    let log: EventLog

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    override func didBecomeActive() {
        super.didBecomeActive()
        log.record("\(name).didBecomeActive")
    }

    override func willResignActive() {
        super.willResignActive()
        log.record("\(name).willResignActive")
    }
}

/// A router that records when it loads.
final class RecordingRouter: Router<RecordingInteractor> {
    override func didLoad() {
        super.didLoad()
        interactor.log.record("\(interactor.name).didLoad")
    }
}

/// Events in the order they happened.
@MainActor
final class EventLog {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }
}

extension RecordingRouter {
    convenience init(_ name: String, log: EventLog) {
        self.init(interactor: RecordingInteractor(name, log: log))
    }
}
