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
    public static func run(
        config: RouteConfig, routeID: String, parameters: String, channel descriptor: Int32, notices: [String]
    ) -> ExitStatus {
        // Ended with the app, whatever kills it.
        _ = trellis_end_with_parent(SIGKILL, getppid())
        var config = config
        config.root = routeID
        // It is the process of its own: its routes are built here. A route below
        // marked isolated too runs here as well: a sandboxed process starts none.
        for id in config.routes.keys { config.routes[id]?.isolation = .none }
        let channel = IsolationChannel(descriptor: descriptor)
        for notice in notices { _ = channel.send(.notice("route \(routeID): \(notice)")) }
        let loop = EventLoop()
        let tree = RouteTree(config: config, loader: PluginLoader(config: config))
        tree.onNotice = { _ = channel.send(.notice($0)) }
        let parent = ParentAcrossProcesses(channel: channel)
        do {
            let parameters = (try? JSONParser.parse(parameters)) ?? .object([:])
            try tree.launch(listener: parent, parameters: parameters)
        } catch {
            // What it writes last is shown in the route's place.
            let message = "route \(routeID) could not be built: \(error.userMessage)".escapingControlCharacters
            FileHandle.standardError.write(Data((message + "\n").utf8))
            return .failure
        }
        var reader = channel
        var shown: MirroredView?
        // Its first screen is sent whether or not anything changed since it was built.
        loop.setNeedsFrame()
        /// Sends the screen if it changed since it was last sent.
        func sendScreen() -> Bool {
            defer { loop.didDrawFrame() }
            guard let view = tree.rootView else { return true }
            let screen = MirroredView(view)
            guard screen != shown else { return true }
            shown = screen
            return channel.send(.screen(screen))
        }
        while true {
            // What changes by itself is sent at most once a frame interval, as a
            // terminal draws it: the app cuts off a process that floods it.
            if loop.isFrameDue, !sendScreen() { break }
            let ready = loop.wait(for: [descriptor], until: loop.nextFrameTime)
            guard ready.contains(descriptor) else { continue }
            let received = reader.receive()
            var acted = false
            for message in received.messages {
                switch message {
                case let .action(path, action): tree.rootView?.descendant(at: path)?.send(action)
                case let .back(path): tree.rootView?.descendant(at: path)?.backAction?()
                case .ping:
                    _ = channel.send(.alive)
                    continue
                case .screen, .dismiss, .notice, .handled, .alive: continue
                }
                acted = true
            }
            if acted {
                // What they led to, then that they are done: the app waits for both.
                guard sendScreen(), channel.send(.handled) else { break }
            }
            if received.ended || received.problem != nil { break }
        }
        tree.end()
        return .success
    }
}

extension PluginHost {
    /// Sandboxes this process (``Sandbox``): reading `readable`, the system's
    /// and the runtime's folders; writing `data` (made first) and `writable`;
    /// starting processes and opening network sockets only if allowed. Returns
    /// what this kernel cannot enforce, in words.
    public static func sandbox(
        readable: [String], writable: [String], data: String, processes: Bool, network: Bool
    ) throws -> [String] {
        try FileManager.default.createDirectory(
            atPath: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let sandbox = Sandbox(
            readable: Sandbox.systemFolders + Sandbox.mappedFolders() + readable, writable: [data] + writable,
            allowsProcesses: processes, allowsNetwork: network)
        return try sandbox.apply()
    }
}

/// The isolated route's listener: what it asks of its parent goes to the app.
private final class ParentAcrossProcesses: ScreenListener {
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
