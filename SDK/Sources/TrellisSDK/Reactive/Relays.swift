/// A hub that forwards each accepted value to its current observers.
@MainActor
final class ObserverList<Element> {
    // Main-actor state that no access overlaps: unchecked (see Router.children).
    @exclusivity(unchecked) private var observers: [(id: Int, send: (Element) -> Void)] = []
    @exclusivity(unchecked) private var nextID = 0

    func add(_ observer: @escaping (Element) -> Void) -> Disposable {
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
        for observer in observers { observer.send(value) }
    }

    var isEmpty: Bool { observers.isEmpty }

    /// Lets every observer go: the stream has ended, as a completion would end it.
    func removeAll() {
        observers.removeAll()
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

    /// Ends the stream for its observers, which are let go (what their closures
    /// hold is freed); a later subscriber still gets the value.
    func end() {
        observers.removeAll()
    }

    /// The relay as a stream: the current value at subscription, then each change.
    public func asObservable() -> Observable<Element> {
        Observable { observer in
            let subscription = self.observers.add(observer)
            observer(self.value)
            return subscription
        }
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
        Observable { observer in self.observers.add(observer) }
    }
}
