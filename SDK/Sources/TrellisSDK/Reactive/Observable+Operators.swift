// The operators of Observable: each passes a stream's end on, as RxSwift's do.

extension Observable {
    /// Sends `transform(value)` for every value.
    public func map<Result>(_ transform: @escaping (Element) -> Result) -> Observable<Result> {
        Observable<Result>(events: { observer in
            subscribeEvents { event in
                switch event {
                case .next(let value): observer(.next(transform(value)))
                case .error(let error): observer(.error(error))
                case .completed: observer(.completed)
                }
            }
        })
    }

    /// Sends only the values for which `isIncluded` is true.
    public func filter(_ isIncluded: @escaping (Element) -> Bool) -> Observable<Element> {
        Observable(events: { observer in
            subscribeEvents { event in
                if case .next(let value) = event, !isIncluded(value) { return }
                observer(event)
            }
        })
    }

    /// Sends `transform(value)` for every value it is not `nil` for.
    public func compactMap<Result>(_ transform: @escaping (Element) -> Result?) -> Observable<Result> {
        Observable<Result>(events: { observer in
            subscribeEvents { event in
                switch event {
                case .next(let value): if let result = transform(value) { observer(.next(result)) }
                case .error(let error): observer(.error(error))
                case .completed: observer(.completed)
                }
            }
        })
    }

    /// Sends the first `count` values, then completes.
    public func take(_ count: Int) -> Observable<Element> {
        Observable(events: { observer in
            guard count > 0 else {
                observer(.completed)
                return Disposables.create()
            }
            var remaining = count
            var isDone = false
            var upstream: Disposable?
            upstream = subscribeEvents { event in
                guard !isDone else { return }
                if case .next = event {
                    remaining -= 1
                    isDone = remaining == 0
                    observer(event)
                    if isDone {
                        observer(.completed)
                        upstream?.dispose()
                    }
                } else {
                    isDone = true
                    observer(event)
                }
            }
            if isDone { upstream?.dispose() }
            return Disposables.create { upstream?.dispose() }
        })
    }

    /// Calls the closures given as events pass, and sends every event on, as
    /// RxSwift's `do`: for side effects, such as knowing when a subscription ends.
    ///
    /// - Parameters:
    ///   - onNext: Called with each value, before it is sent on.
    ///   - onError: Called with the error, before it is sent on.
    ///   - onCompleted: Called at the completion, before it is sent on.
    ///   - onSubscribe: Called as each subscriber subscribes.
    ///   - onDispose: Called when a subscription ends: disposed, or at the end.
    public func `do`(
        onNext: ((Element) -> Void)? = nil, onError: ((any Error) -> Void)? = nil,
        onCompleted: (() -> Void)? = nil, onSubscribe: (() -> Void)? = nil, onDispose: (() -> Void)? = nil
    ) -> Observable<Element> {
        Observable(events: { observer in
            onSubscribe?()
            let upstream = subscribeEvents { event in
                switch event {
                case .next(let value): onNext?(value)
                case .error(let error): onError?(error)
                case .completed: onCompleted?()
                }
                observer(event)
            }
            return Disposables.create {
                upstream.dispose()
                onDispose?()
            }
        })
    }

    /// One subscription to this stream, shared by every subscriber while there is
    /// one, as RxSwift's `share()`: the stream's work (a step of a workflow, a
    /// request) runs once however many subscribe. When the last subscriber goes,
    /// or the stream ends, the next subscriber starts it again.
    public func share() -> Observable<Element> {
        let connection = SharedConnection(source: self)
        return Observable(events: { observer in connection.add(observer) })
    }

    /// For each value, subscribes to the stream `transform` makes of it and sends
    /// what that stream sends, dropping the stream of the value before. Completes
    /// once this stream and the last inner one have completed.
    public func flatMapLatest<Result>(_ transform: @escaping (Element) -> Observable<Result>) -> Observable<Result> {
        Observable<Result>(events: { observer in
            var inner: Disposable?
            var generation = 0
            var isOuterDone = false
            var isInnerDone = true
            var isStopped = false
            func end(_ event: Event<Result>) {
                guard !isStopped else { return }
                isStopped = true
                observer(event)
            }
            let outer = subscribeEvents { event in
                guard !isStopped else { return }
                switch event {
                case .next(let value):
                    inner?.dispose()
                    generation += 1
                    let current = generation
                    isInnerDone = false
                    inner = transform(value).subscribeEvents { innerEvent in
                        guard current == generation, !isStopped else { return }
                        switch innerEvent {
                        case .next: observer(innerEvent)
                        case .error: end(innerEvent)
                        case .completed:
                            isInnerDone = true
                            if isOuterDone { end(.completed) }
                        }
                    }
                case .error(let error):
                    end(.error(error))
                case .completed:
                    isOuterDone = true
                    if isInnerDone { end(.completed) }
                }
            }
            return Disposables.create {
                outer.dispose()
                inner?.dispose()
            }
        })
    }

    /// Sends each value together with the latest value of `other`; values that come
    /// before `other` has sent anything are dropped. Ends when this stream ends,
    /// or when `other` fails.
    public func withLatestFrom<Other>(_ other: Observable<Other>) -> Observable<(Element, Other)> {
        Observable<(Element, Other)>(events: { observer in
            var latest: Other?
            let otherSubscription = other.subscribeEvents { event in
                switch event {
                case .next(let value): latest = value
                case .error(let error): observer(.error(error))
                case .completed: break
                }
            }
            let subscription = subscribeEvents { event in
                switch event {
                case .next(let value): if let latest { observer(.next((value, latest))) }
                case .error(let error): observer(.error(error))
                case .completed: observer(.completed)
                }
            }
            return Disposables.create {
                subscription.dispose()
                otherSubscription.dispose()
            }
        })
    }

    /// Sends the latest pair whenever either stream sends, once both have sent.
    /// Completes when both have completed; fails when either fails.
    public static func combineLatest<A, B>(
        _ first: Observable<A>, _ second: Observable<B>
    ) -> Observable<(A, B)> where Element == (A, B) {
        Observable(events: { observer in
            var latestFirst: A?
            var latestSecond: B?
            var completed = 0
            func send(_ event: Event<Void>) {
                switch event {
                case .next: if let latestFirst, let latestSecond { observer(.next((latestFirst, latestSecond))) }
                case .error(let error): observer(.error(error))
                case .completed:
                    completed += 1
                    if completed == 2 { observer(.completed) }
                }
            }
            let firstSubscription = first.subscribeEvents { event in
                if case .next(let value) = event { latestFirst = value }
                send(event.withoutValue)
            }
            let secondSubscription = second.subscribeEvents { event in
                if case .next(let value) = event { latestSecond = value }
                send(event.withoutValue)
            }
            return Disposables.create {
                firstSubscription.dispose()
                secondSubscription.dispose()
            }
        })
    }

    /// Sends every value of each of `sources`, as they come. Completes when all
    /// have completed; fails when one fails.
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        Observable(events: { observer in
            guard !sources.isEmpty else {
                observer(.completed)
                return Disposables.create()
            }
            var completed = 0
            let subscriptions = sources.map { source in
                source.subscribeEvents { event in
                    if case .completed = event {
                        completed += 1
                        if completed == sources.count { observer(.completed) }
                    } else {
                        observer(event)
                    }
                }
            }
            return Disposables.create { subscriptions.forEach { $0.dispose() } }
        })
    }
}

extension Event {
    /// The event with its value dropped: what says which kind it is.
    fileprivate var withoutValue: Event<Void> {
        switch self {
        case .next: .next(())
        case .error(let error): .error(error)
        case .completed: .completed
        }
    }
}

extension Observable where Element: Equatable {
    /// Drops a value equal to the one sent just before it.
    public func distinctUntilChanged() -> Observable<Element> {
        Observable(events: { observer in
            var previous: Element?
            return subscribeEvents { event in
                if case .next(let value) = event {
                    guard value != previous else { return }
                    previous = value
                }
                observer(event)
            }
        })
    }
}

/// The one subscription behind ``Observable/share()`` and the subscribers it
/// sends to.
@MainActor
private final class SharedConnection<Element> {
    private let source: Observable<Element>
    private let observers = ObserverList<Element>()
    private var connection: Disposable?
    private var isConnecting = false
    private var subscriberCount = 0

    init(source: Observable<Element>) {
        self.source = source
    }

    func add(_ observer: @escaping (Event<Element>) -> Void) -> Disposable {
        let subscription = observers.add(observer)
        subscriberCount += 1
        if connection == nil, !isConnecting {
            isConnecting = true
            let made = source.subscribeEvents { [self] event in
                switch event {
                case .next(let value): observers.send(value)
                case .error, .completed: end(event)
                }
            }
            isConnecting = false
            // The stream may have ended while connecting; then it is not kept.
            if subscriberCount > 0, !observers.isEmpty { connection = made } else { made.dispose() }
        }
        return Disposables.create { [self] in
            subscription.dispose()
            subscriberCount -= 1
            if observers.isEmpty { disconnect() }
        }
    }

    private func end(_ event: Event<Element>) {
        let held = connection
        connection = nil
        observers.end(with: event)
        held?.dispose()
    }

    private func disconnect() {
        let held = connection
        connection = nil
        held?.dispose()
    }
}
