/// A stream of values that observers subscribe to: values, then at most one end
/// (an error or its completion), as RxSwift's `Observable`.
///
/// Trellis keeps to the RxSwift operators the seeds and RIBs use. Everything runs
/// on the main actor, as the screens that use it do.
@MainActor
public struct Observable<Element> {
    private let subscribeHandler: (@escaping (Event<Element>) -> Void) -> Disposable

    /// Creates an observable from the function that subscribes an observer of its
    /// values. A stream made so never ends; ``create(_:)`` makes one that can.
    ///
    /// - Parameter subscribe: Registers the observer and returns what ends the
    ///   registration.
    public init(_ subscribe: @escaping (@escaping (Element) -> Void) -> Disposable) {
        subscribeHandler = { observer in subscribe { observer(.next($0)) } }
    }

    init(events subscribe: @escaping (@escaping (Event<Element>) -> Void) -> Disposable) {
        subscribeHandler = subscribe
    }

    /// A stream whose `subscribe` sends each subscriber its events, as RxSwift's
    /// `Observable.create`: values with `observer.onNext`, its end with
    /// `onCompleted()` or `onError(_:)`.
    ///
    /// - Parameter subscribe: Called for each subscriber; returns what to release
    ///   when that subscriber goes (``Disposables/create(with:)``).
    public static func create(_ subscribe: @escaping (AnyObserver<Element>) -> Disposable) -> Observable<Element> {
        Observable(events: { observer in subscribe(AnyObserver(observer)) })
    }

    /// Subscribes to every event, as they come: what the operators build on.
    func subscribeEvents(_ observer: @escaping (Event<Element>) -> Void) -> Disposable {
        subscribeHandler(observer)
    }

    /// Calls `onNext` with every value the stream sends from now on.
    ///
    /// An error the stream ends with is reported (the host shows it; without a
    /// host, standard error), never dropped: handle it with
    /// ``subscribe(onNext:onError:onCompleted:onDisposed:)``.
    ///
    /// - Returns: The subscription; dispose it to stop receiving values.
    @discardableResult
    public func subscribe(_ onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: nil, onCompleted: nil, onDisposed: nil)
    }

    /// Subscribes with a closure for each kind of event, as RxSwift's
    /// `subscribe(onNext:onError:onCompleted:onDisposed:)`.
    ///
    /// After an error or the completion, nothing more is sent and the
    /// subscription is disposed. Without `onError`, an error is reported, never
    /// dropped. `subscribe()` with no closure keeps the stream running for its
    /// side effects (``do(onNext:onError:onCompleted:onSubscribe:onDispose:)``).
    ///
    /// - Parameters:
    ///   - onNext: Called with each value.
    ///   - onError: Called with the error the stream ends with.
    ///   - onCompleted: Called when the stream ends without an error.
    ///   - onDisposed: Called once the subscription is disposed: after the end, or
    ///     when it is disposed early.
    /// - Returns: The subscription; dispose it to stop receiving events.
    @discardableResult
    public func subscribe(
        onNext: ((Element) -> Void)? = nil, onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil, onDisposed: (() -> Void)? = nil
    ) -> Disposable {
        let subscription = Subscription(onDisposed: onDisposed)
        let upstream = subscribeHandler { event in
            guard !subscription.isStopped else { return }
            switch event {
            case .next(let value):
                onNext?(value)
            case .error(let error):
                subscription.stop()
                if let onError {
                    onError(error)
                } else {
                    HostHooks.report(
                        "a stream of \(Element.self) ended with an error nobody handled: \(error); "
                            + "pass onError: to subscribe to handle it")
                }
                subscription.dispose()
            case .completed:
                subscription.stop()
                onCompleted?()
                subscription.dispose()
            }
        }
        subscription.hold(upstream)
        return subscription
    }

    /// Another name for ``subscribe(_:)``, as RxCocoa's `bind` reads in the seeds.
    @discardableResult
    public func bind(_ onNext: @escaping (Element) -> Void) -> Disposable {
        subscribe(onNext: onNext, onError: nil, onCompleted: nil, onDisposed: nil)
    }

    /// A stream that sends `value` to each subscriber once, at subscription, then
    /// completes.
    public static func just(_ value: Element) -> Observable<Element> {
        Observable(events: { observer in
            observer(.next(value))
            observer(.completed)
            return Disposables.create()
        })
    }

    /// A stream that completes at once, sending nothing.
    public static func empty() -> Observable<Element> {
        Observable(events: { observer in
            observer(.completed)
            return Disposables.create()
        })
    }

    /// A stream that ends with `error` at once, sending nothing.
    public static func error(_ error: any Error) -> Observable<Element> {
        Observable(events: { observer in
            observer(.error(error))
            return Disposables.create()
        })
    }

    /// A stream that never sends anything and never ends.
    public static var never: Observable<Element> {
        Observable(events: { _ in Disposables.create() })
    }
}

/// A subscription made by ``Observable/subscribe(onNext:onError:onCompleted:onDisposed:)``:
/// it stops at the stream's end and disposes what it subscribed to, once.
@MainActor
private final class Subscription: Disposable {
    // Main-actor state that no access overlaps: unchecked (see Router.children).
    @exclusivity(unchecked) private var upstream: Disposable?
    @exclusivity(unchecked) private(set) var isStopped = false
    @exclusivity(unchecked) private var isDisposed = false
    @exclusivity(unchecked) private var onDisposed: (() -> Void)?

    init(onDisposed: (() -> Void)?) {
        self.onDisposed = onDisposed
    }

    func stop() {
        isStopped = true
    }

    /// Keeps what the subscription subscribed to, or disposes it at once if the
    /// stream ended while subscribing (``Observable/just(_:)``).
    func hold(_ disposable: Disposable) {
        if isDisposed { disposable.dispose() } else { upstream = disposable }
    }

    func dispose() {
        guard !isDisposed else { return }
        isDisposed = true
        isStopped = true
        let held = upstream
        upstream = nil
        held?.dispose()
        let action = onDisposed
        onDisposed = nil
        action?()
    }
}

extension Observable {
    /// Sends this stream's values only while `interactorScope` is active, as RIBs'
    /// `confineTo`: a value sent while it is inactive is kept, and the latest one
    /// is sent when it becomes active again.
    public func confineTo(_ interactorScope: InteractorScope) -> Observable<Element> {
        Observable<(Bool, Element)>.combineLatest(interactorScope.isActiveStream, self)
            .filter { isActive, _ in isActive }
            .map { _, value in value }
    }
}
