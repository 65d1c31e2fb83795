// Internal: the SDK's interface is the same with or without it (library evolution).
internal import Foundation

/// Something a screen tells its parent, as data: a listener contract that
/// crosses a process boundary. SDK 1.1.
///
/// A RIBs listener is a protocol the parent's interactor conforms to, which a
/// child in a process of its own (`"isolation": "process"`) cannot call. An
/// event is a `Codable` value instead: the child sends it with
/// ``ScreenContext/events(_:)``, and a parent that is a
/// ``ScreenEventListener`` hears it, whether the child runs in the app's
/// process or in one of its own.
///
/// ```swift
/// public enum LoggedOutEvent: ScreenEvent {
///     case didLogin(PlayerNames)
/// }
/// ```
public protocol ScreenEvent: Codable, Sendable {}

extension ScreenEvent {
    /// The name the event's type crosses processes under: its full Swift name
    /// (`TicTacToeContracts.LoggedOutEvent`), the same in the parent's plugin
    /// and the child's when both link the contract that declares it.
    public static var eventName: String { String(reflecting: Self.self) }

    static func decoded(from json: String) throws -> Self {
        try JSONDecoder().decode(Self.self, from: Data(json.utf8))
    }
}

/// A parent that hears its children's ``ScreenEvent``s. SDK 1.1.
///
/// ```swift
/// final class RootInteractor: Interactor, ScreenEventListener {
///     let screenEventTypes: [any ScreenEvent.Type] = [LoggedOutEvent.self]
///
///     func screenDidSend(_ event: any ScreenEvent) {
///         if case let .didLogin(names)? = event as? LoggedOutEvent { … }
///     }
/// }
/// ```
@MainActor
public protocol ScreenEventListener: ScreenListener {
    /// The event types it hears. One sent from another process is decoded as
    /// the type here of its ``ScreenEvent/eventName``.
    var screenEventTypes: [any ScreenEvent.Type] { get }

    /// A child sent `event`.
    func screenDidSend(_ event: any ScreenEvent)
}

extension ScreenEventListener {
    /// Hears an event that came from another process as JSON: `false` when
    /// its name is none of ``screenEventTypes`` or its JSON is not one.
    @_spi(TrellisHost) public func receive(eventNamed name: String, json: String) -> Bool {
        guard let type = screenEventTypes.first(where: { $0.eventName == name }),
            let event = try? type.decoded(from: json)
        else { return false }
        screenDidSend(event)
        return true
    }
}

/// What passes a screen's events to its parent in another process: the
/// host's listener there.
@_spi(TrellisHost) @MainActor public protocol ScreenEventRelay: AnyObject {
    /// Sends the event of type `name`, encoded as `json`, to the parent.
    func relay(eventNamed name: String, json: String)
}

/// Where a screen sends its parent events of one type, from
/// ``ScreenContext/events(_:)``. SDK 1.1.
@MainActor
public struct ScreenEvents<Event: ScreenEvent> {
    private weak var listener: ScreenListener?
    private let routeID: String

    init(listener: ScreenListener?, routeID: String) {
        self.listener = listener
        self.routeID = routeID
    }

    /// Sends `event` to the parent: at once in the app's process, as a message
    /// from a process of its own. A parent that hears no events of this type
    /// (or none at all) is reported, never ignored in silence.
    public func send(_ event: Event) {
        if let parent = listener as? ScreenEventListener,
            parent.screenEventTypes.contains(where: { $0.eventName == Event.eventName })
        {
            parent.screenDidSend(event)
        } else if let relay = listener as? ScreenEventRelay, let json = try? JSONEncoder().encode(event) {
            relay.relay(eventNamed: Event.eventName, json: String(decoding: json, as: UTF8.self))
        } else {
            let parent = listener.map { "\(type(of: $0))" } ?? "no parent"
            HostHooks.report(
                "route \(routeID) sent a \(Event.self), which its parent (\(parent)) does not hear: "
                    + "make it a ScreenEventListener whose screenEventTypes has \(Event.self)")
        }
    }
}

extension ScreenContext {
    /// Where this screen sends its parent events of `type`: a listener
    /// contract that works in the app's process and across processes alike
    /// (``ScreenEvent``). SDK 1.1.
    ///
    /// ```swift
    /// interactor.parent = context.events(LoggedOutEvent.self)
    /// …
    /// parent.send(.didLogin(names))
    /// ```
    public func events<Event: ScreenEvent>(_ type: Event.Type) -> ScreenEvents<Event> {
        ScreenEvents(listener: listener, routeID: routeID)
    }
}
