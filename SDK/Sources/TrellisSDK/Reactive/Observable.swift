/// A stream of values that observers subscribe to.
///
/// Trellis keeps to the handful of RxSwift operators the seeds use. Everything runs
/// on the main actor, as the screens that use it do.
@MainActor
public struct Observable<Element> {
    private let subscribeHandler: (@escaping (Element) -> Void) -> Disposable

    /// Creates an observable from the function that subscribes an observer.
    ///
    /// - Parameter subscribe: Registers the observer and returns what ends the
    ///   registration.
    public init(_ subscribe: @escaping (@escaping (Element) -> Void) -> Disposable) {
        subscribeHandler = subscribe
    }

    /// Calls `onNext` with every value the stream sends from now on.
    ///
    /// - Returns: The subscription; dispose it to stop receiving values.
    @discardableResult
    public func subscribe(_ onNext: @escaping (Element) -> Void) -> Disposable {
        subscribeHandler(onNext)
    }

    /// Another name for ``subscribe(_:)``, as RxCocoa's `bind` reads in the seeds.
    @discardableResult
    public func bind(_ onNext: @escaping (Element) -> Void) -> Disposable {
        subscribeHandler(onNext)
    }

    /// A stream that sends `value` to each subscriber once, at subscription.
    public static func just(_ value: Element) -> Observable<Element> {
        Observable { observer in
            observer(value)
            return ActionDisposable {}
        }
    }

    /// A stream that never sends anything.
    public static var never: Observable<Element> {
        Observable { _ in ActionDisposable {} }
    }
}

extension Observable {
    /// Sends `transform(value)` for every value.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
        Observable<Result> { observer in
            subscribe { observer(transform($0)) }
        }
    }

    /// Sends only the values for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Observable<Element> {
        Observable { observer in
            subscribe { value in
                if isIncluded(value) { observer(value) }
            }
        }
    }

    /// Sends `transform(value)` for every value it is not `nil` for.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Observable<Result> {
        Observable<Result> { observer in
            subscribe { value in
                if let result = transform(value) { observer(result) }
            }
        }
    }

    /// Sends the first `count` values, then nothing more.
    public func take(_ count: Int) -> Observable<Element> {
        Observable { observer in
            var remaining = count
            var subscription: Disposable?
            var isDone = remaining <= 0
            subscription = subscribe { value in
                guard !isDone else { return }
                remaining -= 1
                isDone = remaining <= 0
                observer(value)
                if isDone { subscription?.dispose() }
            }
            if isDone { subscription?.dispose() }
            return ActionDisposable { subscription?.dispose() }
        }
    }

    /// Sends each value together with the latest value of `other`; values that come
    /// before `other` has sent anything are dropped.
    public func withLatestFrom<Other>(_ other: Observable<Other>) -> Observable<(Element, Other)> {
        Observable<(Element, Other)> { observer in
            var latest: Other?
            let otherSubscription = other.subscribe { latest = $0 }
            let subscription = subscribe { value in
                if let latest { observer((value, latest)) }
            }
            return ActionDisposable {
                subscription.dispose()
                otherSubscription.dispose()
            }
        }
    }

    /// Sends the latest pair whenever either stream sends, once both have sent.
    public static func combineLatest<A, B>(
        _ first: Observable<A>, _ second: Observable<B>
    ) -> Observable<(A, B)> where Element == (A, B) {
        Observable { observer in
            var latestFirst: A?
            var latestSecond: B?
            func sendIfReady() {
                if let latestFirst, let latestSecond { observer((latestFirst, latestSecond)) }
            }
            let firstSubscription = first.subscribe { latestFirst = $0; sendIfReady() }
            let secondSubscription = second.subscribe { latestSecond = $0; sendIfReady() }
            return ActionDisposable {
                firstSubscription.dispose()
                secondSubscription.dispose()
            }
        }
    }

    /// Sends every value of each of `sources`, as they come.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable { observer in
            let subscriptions = sources.map { $0.subscribe(observer) }
            return ActionDisposable { subscriptions.forEach { $0.dispose() } }
        }
    }
}

extension Observable where Element: Equatable {
    /// Drops a value equal to the one sent just before it.
    public func distinctUntilChanged() -> Observable<Element> {
        Observable { observer in
            var previous: Element?
            return subscribe { value in
                guard value != previous else { return }
                previous = value
                observer(value)
            }
        }
    }
}
