/// What a stream sends: a value, or its end, as RxSwift's `Event`.
///
/// A stream sends any number of values, then at most one end: an error or its
/// completion. Nothing follows an end. Frozen: these three are what a stream is.
@frozen
public enum Event<Element> {
    /// A value.
    case next(Element)
    /// The stream failed with `error`, and ended.
    case error(any Error)
    /// The stream ended without failing.
    case completed
}

/// What a stream made with ``Observable/create(_:)`` sends its events to, as
/// RxSwift's `AnyObserver`.
@MainActor
public struct AnyObserver<Element> {
    private let handler: (Event<Element>) -> Void

    /// An observer that hands every event to `handler`.
    public init(_ handler: @escaping (Event<Element>) -> Void) {
        self.handler = handler
    }

    /// Sends `event`.
    public func on(_ event: Event<Element>) {
        handler(event)
    }

    /// Sends the value `element`.
    public func onNext(_ element: Element) {
        handler(.next(element))
    }

    /// Ends the stream with `error`.
    public func onError(_ error: any Error) {
        handler(.error(error))
    }

    /// Ends the stream.
    public func onCompleted() {
        handler(.completed)
    }
}
