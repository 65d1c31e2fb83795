/// A hub that forwards each accepted value to its current observers.
@MainActor
final class ObserverList<Element> {
    // Main-actor state that no access overlaps: unchecked (see Router.children).
    @exclusivity(unchecked) private var observers: [(id: Int, send: (Event<Element>) -> Void)] = []
    @exclusivity(unchecked) private var nextID = 0

    func add(_ observer: @escaping (Event<Element>) -> Void) -> Disposable {
        let id = nextID
        nextID += 1
        observers.append((id, observer))
        // The subscription keeps the list, as RxSwift's does its subject: no weak
        // reference, whose side table would slow every retain of the list.
        return ActionDisposable { [self] in remove(id) }
    }

    /// A loop, not `removeAll(where:)`: a closure formed on the main actor is
    /// checked to run there at each call, and ids are unique.
    private func remove(_ id: Int) {
        for index in observers.indices where observers[index].id == id {
            observers.remove(at: index)
            return
        }
    }

    func send(_ value: Element) {
        // A snapshot, so an observer may unsubscribe or subscribe while being called.
        for observer in observers { observer.send(.next(value)) }
    }

    var isEmpty: Bool { observers.isEmpty }

    /// Ends the stream: every observer gets `event` (an error or the completion)
    /// and is let go, so what its closure holds is freed.
    func end(with event: Event<Element>) {
        let held = observers
        observers.removeAll()
        for observer in held { observer.send(event) }
    }
}

/// Holds a current value and sends it, then every change, to each subscriber.
///
/// RxRelay's `BehaviorRelay`: it never errors and never completes.
@MainActor
public final class BehaviorRelay<Element> {
    private let observers = ObserverList<Element>()

    /// The value sent last, or the initial value.
    @exclusivity(unchecked) public private(set) var value: Element

    /// Creates a relay holding `value`.
    public init(value: Element) {
        self.value = value
    }

    /// Makes `value` current and sends it to every subscriber.
    public func accept(_ value: Element) {
        self.value = value
        observers.send(value)
    }

    /// Completes the stream, as an RxSwift subject completes when its owner goes
    /// away: its observers get the completion and are let go (what their closures
    /// hold is freed). A later subscriber gets the value, then the completion.
    func end() {
        hasEnded = true
        observers.end(with: .completed)
    }

    @exclusivity(unchecked) private var hasEnded = false

    /// The relay as a stream: the current value at subscription, then each change.
    public func asObservable() -> Observable<Element> {
        Observable(events: { observer in
            guard !self.hasEnded else {
                observer(.next(self.value))
                observer(.completed)
                return Disposables.create()
            }
            let subscription = self.observers.add(observer)
            observer(.next(self.value))
            return subscription
        })
    }
}

/// Sends each accepted value to the subscribers it has at that moment.
///
/// RxRelay's `PublishRelay`: late subscribers do not see earlier values.
@MainActor
public final class PublishRelay<Element> {
    private let observers = ObserverList<Element>()

    /// Creates a relay with no subscribers.
    public init() {}

    /// Sends `value` to every current subscriber.
    public func accept(_ value: Element) {
        observers.send(value)
    }

    /// The relay as a stream of the values accepted after subscription.
    public func asObservable() -> Observable<Element> {
        Observable(events: { observer in self.observers.add(observer) })
    }
}

/// Sends each value to the subscribers it has at that moment, and can end: RxSwift's
/// `PublishSubject`, for a stream that completes or fails (a relay never does).
///
/// After ``onCompleted()`` or ``onError(_:)``, nothing more is sent, and a later
/// subscriber gets that end at once.
@MainActor
public final class PublishSubject<Element> {
    private let observers = ObserverList<Element>()
    @exclusivity(unchecked) private var end: Event<Element>?

    /// Creates a subject with no subscribers.
    public init() {}

    /// Sends `element` to every current subscriber, unless the subject has ended.
    public func onNext(_ element: Element) {
        guard end == nil else { return }
        observers.send(element)
    }

    /// Ends the subject with `error`, sent to every current subscriber.
    public func onError(_ error: any Error) {
        finish(.error(error))
    }

    /// Ends the subject, telling every current subscriber.
    public func onCompleted() {
        finish(.completed)
    }

    private func finish(_ event: Event<Element>) {
        guard end == nil else { return }
        end = event
        observers.end(with: event)
    }

    /// The subject as a stream of the values sent after subscription, then its end.
    public func asObservable() -> Observable<Element> {
        Observable(events: { observer in
            if let end = self.end {
                observer(end)
                return Disposables.create()
            }
            return self.observers.add(observer)
        })
    }
}
