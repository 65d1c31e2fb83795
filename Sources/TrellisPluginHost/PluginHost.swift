import CTerminal
import Foundation
import TrellisConfig
import TrellisCore
import TrellisIsolation
import TrellisLoader
import TrellisLoop
import TrellisPlatform
@_spi(TrellisHost) import TrellisSDK
import TrellisSession
import TrellisTree

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
        config: RouteConfig, routeID: String, parameters: String, channel descriptor: Int32, notices: [String],
        state: String? = nil
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
            // The state the build it replaces saved, for a live swap.
            let saved = state.map { json in
                { (type: any Decodable.Type) throws -> Any in
                    try JSONDecoder().decode(type, from: Data(json.utf8))
                }
            }
            try tree.launch(listener: parent, parameters: parameters, state: saved)
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
            var screen = MirroredView(view)
            // Below this process's route: the app's path names the route already.
            let path = tree.routePath(onScreen: Window.layers(from: view).flatMap { $0 })
            screen.routePath = path.first == routeID ? Array(path.dropFirst()) : path
            guard screen != shown else { return true }
            // Only what changed, when only contents did.
            let patches = shown.flatMap { $0.routePath == screen.routePath ? screen.patches(from: $0) : nil }
            shown = screen
            return channel.send(patches.map(IsolationMessage.patch) ?? .screen(screen))
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
                case .preserve:
                    _ = channel.send(.preserved(tree.rootState()))
                    continue
                case .screen, .patch, .dismiss, .event, .notice, .handled, .alive, .preserved: continue
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
    /// For a process started ahead (`trellis plugin-host --spare`): waits on
    /// `channel` for the arguments of the route it is to run (``PluginHostProcess``),
    /// with one thread. `nil` when the app closed the channel, or sent what is
    /// not arguments.
    public static func awaitLaunch(channel: Int32) -> [String]? {
        _ = trellis_end_with_parent(SIGKILL, getppid())
        warmUp()
        func read(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            var filled = 0
            while filled < count {
                let got = bytes[filled...].withUnsafeMutableBytes { Glibc.read(channel, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { return nil }
                filled += got
            }
            return bytes
        }
        guard let header = read(4) else { return nil }
        let length = header.reduce(0) { $0 << 8 | Int($1) }
        guard length <= 1 << 20, let bytes = read(length), bytes.last == 0 else { return nil }
        return bytes.dropLast().split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// What a route's process does first for any route, done while a spare
    /// waits: Swift's first encoding and decoding of a screen (the runtime finds
    /// each type's conformances once), and reading its mapped files and threads,
    /// as the sandbox does. It starts no thread.
    private static func warmUp() {
        let view = ViewNode.stack(
            axis: .vertical, spacing: 1,
            children: [
                .text("warm"), .button(title: "Go", id: "go"), .list(id: "rows", rows: ["a"]),
                .textField(id: "field", text: "", placeholder: "", width: 8), .toggle("On", isOn: true),
                .progress(0.5), .styled(.title, .text("title")), .divider, .spacer,
            ])
        let screen = IsolationMessage.screen(.showing(view, pushed: [.showing(.empty)]))
        if let json = try? JSONEncoder().encode(screen) {
            _ = try? JSONDecoder().decode(IsolationMessage.self, from: json)
        }
        _ = try? JSONParser.parse(#"{"routes": {"a": {"plugin": "b", "children": {}}}, "root": "a"}"#)
        _ = Sandbox.mappedFolders()
        _ = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
    }

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

/// The isolated route's listener: what it asks of its parent, and the events
/// it sends it, go to the app.
private final class ParentAcrossProcesses: ScreenListener, ScreenEventRelay {
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

    func relay(eventNamed name: String, json: String) {
        _ = channel.send(.event(name: name, json: json))
    }
}
