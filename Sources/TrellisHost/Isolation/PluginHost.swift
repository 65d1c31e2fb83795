import CTerminal
import Foundation
@_spi(TrellisHost) import TrellisSDK

/// The process a route with `"isolation": "process"` runs in: `trellis
/// plugin-host`, started by the app with one end of a socket pair. It opens the
/// route's plugin with the same checks as the app (the config's folders, pins,
/// permissions, manifest), builds the route as the root of a tree of its own, and
/// sends its screen as data whenever it changes; it takes the user's actions back.
/// It ends when the app closes the channel, or dies with the app.
public enum PluginHost {
    /// Runs route `routeID` of `config` on the socket `channel`.
    @MainActor
    public static func run(config: RouteConfig, routeID: String, parameters: String, channel descriptor: Int32)
        -> ExitStatus
    {
        // Ended with the app, whatever kills it.
        _ = trellis_end_with_parent(SIGKILL, getppid())
        var config = config
        config.root = routeID
        // It is the process of its own: its root is built here, not started again.
        config.routes[routeID]?.isolation = .none
        let channel = IsolationChannel(descriptor: descriptor)
        let loop = EventLoop()
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        tree.onNotice = { _ = channel.send(.notice($0)) }
        let parent = ParentListener(channel: channel)
        do {
            let parameters = (try? JSONParser.parse(parameters)) ?? .object([:])
            try tree.launch(listener: parent, parameters: parameters)
        } catch {
            _ = channel.send(.content(.text("route \(routeID) could not be built: \(error.userMessage)")))
            return .failure
        }
        var reader = channel
        var shown: ViewNode?
        // Its first screen is sent whether or not anything changed since it was built.
        loop.setNeedsFrame()
        while true {
            if loop.needsFrame, let view = tree.rootView {
                let content = view.displayedContent
                if content != shown {
                    guard channel.send(.content(content)) else { break }
                    shown = content
                }
                loop.didDrawFrame()
            }
            let ready = loop.wait(for: [descriptor], until: loop.needsFrame ? loop.now : nil)
            guard ready.contains(descriptor) else { continue }
            let received = reader.receive()
            for case let .action(action) in received.messages {
                tree.rootView?.send(action)
                loop.setNeedsFrame()
            }
            if received.ended || received.problem != nil { break }
        }
        tree.end()
        return .success
    }
}

/// The isolated route's listener: what it asks of its parent goes to the app.
private final class ParentListener: ScreenListener {
    let channel: IsolationChannel

    init(channel: IsolationChannel) {
        self.channel = channel
    }

    func screenDidRequestDismiss() {
        _ = channel.send(.dismiss)
    }

    func screenDidRequestDismiss(slot: String) {
        _ = channel.send(.dismiss)
    }
}
