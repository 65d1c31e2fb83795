import Foundation
import Glibc
import TrellisHost

/// `trellis serve [CONFIG] [--port N] [--bind ADDRESS] [--open] [--keep SECONDS] [--watch]`.
@MainActor
struct ServeCommand {
    let arguments: [String]
    /// What the app's trees are told: the routes that crashed an earlier app process.
    let context: HostContext

    /// Set by SIGINT and SIGTERM: serving stops at the loop's next turn.
    nonisolated static var stopRequested: sig_atomic_t {
        get { SignalShared.current.stopRequested }
        set { SignalShared.current.stopRequested = newValue }
    }

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.serve)
        if parsed.wantsHelp {
            print(Commands.serve.helpText)
            return .success
        }
        if parsed.has("--verbose") { Log.level = max(Log.level, .info) }
        var port = try parsePort(parsed.value("--port") ?? "8765")
        // Started again by the supervisor after a crash: the same port and token,
        // so the pages that were open come back; and the report, to show them.
        var token: String?
        // And the socket the supervisor kept listening meanwhile.
        var listening: Int32?
        let servedAgain = getenv(Supervisor.servedAgainVariable).map { String(cString: $0) }?.split(separator: " ")
        if let servedAgain, (2...3).contains(servedAgain.count), let samePort = Int(servedAgain[0]) {
            port = samePort
            token = String(servedAgain[1])
            listening = servedAgain.count == 3 ? Int32(servedAgain[2]) : nil
        }
        let crashReport = getenv(Supervisor.crashReportVariable).map { String(cString: $0) }
        unsetenv(Supervisor.servedAgainVariable)
        unsetenv(Supervisor.crashReportVariable)
        // A turn of work longer than this (a plugin that does not return) ends the
        // app, as in a headless run: every tab waits on it.
        let hangLimit = try ProcessInfo.processInfo.environment["TRELLIS_HANG_SECONDS"].map {
            try Seconds.parse($0, of: "TRELLIS_HANG_SECONDS", from: 0.5, example: "10", help: "serve")
        }
        CrashRecord.noteHangLimit(hangLimit ?? .seconds(10))
        let address = parsed.value("--bind") ?? "127.0.0.1"
        // Before the config is read: a mistyped address is said first.
        var parsedAddress = in6_addr()
        guard inet_pton(AF_INET, address, &parsedAddress) == 1 || inet_pton(AF_INET6, address, &parsedAddress) == 1
        else {
            throw CommandError.usage(
                "--bind \(address.prefix(60)) is not an IP address (for example 127.0.0.1 or ::1).", help: "serve")
        }
        let keepTime = try parsed.value("--keep").map(parseKeepTime) ?? WebServer.defaultKeepTime
        let configPath = try parsed.singlePositional(command: "serve", name: "config")
        if parsed.has("--isolate-all"), parsed.has("--in-process") {
            throw CommandError.usage("--isolate-all and --in-process say opposite things; give one.", help: "serve")
        }
        let isolated: Trellis.IsolatedRoutes =
            parsed.has("--isolate-all") ? .all : parsed.has("--in-process") ? .asConfigured : .unlessConfigured
        let (config, loader) = try Trellis.loadRunnableConfig(
            configPath, pluginFolders: parsed.allValues("--plugins"), isolating: isolated)
        // The user's colours (theme.json) and keys (keys.json), as the terminal
        // takes them; a bad file stops serve before it listens.
        let pageStyle: String
        let userKeys: [String: String]
        do {
            pageStyle = try UserTheme.load(environment: ProcessInfo.processInfo.environment).pageStyle
        } catch {
            throw CommandError(
                message: "\(error.description); fix the file or move it away (Docs/Keys.md, \"Your own colours\")")
        }
        do {
            userKeys = try Keymap.load(environment: ProcessInfo.processInfo.environment).names
        } catch {
            throw CommandError(
                message: "\(error.description); fix the file or move it away (Docs/Keys.md, \"Your own keys\")")
        }
        let loop = EventLoop()
        // Several tabs: what a plugin says from a timer or a task that names no tab
        // goes here, not to a tab another person may be using.
        RouteTree.unclaimedReports = { Trellis.printError($0) }
        let server: WebServer
        // What new tabs are built from: an edited config, with --watch.
        let current = CurrentConfig(config)
        do {
            server = try WebServer(address: address, port: port, token: token, listening: listening) {
                // A tab's own tree; the loader, and so each plugin's image, is shared.
                let tree = RouteTree(config: current.config, loader: loader, context: context)
                // A leak is said on the tab's page and, since a tab's session also
                // ends after its page has gone, where serve was started.
                tree.leakDetector.onLeak = { [weak tree] leak in
                    Trellis.printError(leak)
                    tree?.notify(leak)
                }
                try tree.launch()
                return tree
            }
        } catch {
            throw CommandError(message: "\(error)")
        }
        if listening == nil { Supervisor.keepListening(server.listeningDescriptor) }
        server.keepTime = keepTime
        server.say = { Trellis.printError($0) }
        server.pageStyle = pageStyle
        server.userKeys = userKeys
        server.crashReport = crashReport
        server.pictures = WebPictures(config: config, loader: loader)
        // Kept while serving: it swaps screens in every tab as their files change.
        var liveSwap: LiveSwap?
        if parsed.has("--watch") {
            do {
                liveSwap = try LiveSwap(
                    trees: { [weak server] in server?.trees ?? [] }, config: config, loader: loader, loop: loop,
                    loadConfig: {
                        try Trellis.reloadConfig(
                            configPath, pluginFolders: parsed.allValues("--plugins"), isolating: isolated,
                            loader: loader)
                    },
                    say: { Trellis.printError($0) })
                liveSwap?.onApply = { [weak server] edited in
                    current.config = edited
                    server?.pictures = WebPictures(config: edited, loader: loader)
                }
            } catch {
                throw CommandError(message: "--watch: \(error)")
            }
        }
        defer { withExtendedLifetime(liveSwap) {} }
        if !["127.0.0.1", "::1"].contains(address) {
            Trellis.printError(
                "warning: serving on \(address), not only this machine: anyone who can reach it and has the token "
                    + "can use the app")
        }
        print("trellis: serving \(config.fileName) at \(server.address)")
        print("trellis: open that address in a browser; Ctrl-C stops serving")
        fflush(nil)
        if parsed.has("--open") { openInBrowser(server.address) }
        SignalShared.prepare()
        signal(SIGINT) { _ in ServeCommand.stopRequested = 1 }
        signal(SIGTERM) { _ in ServeCommand.stopRequested = 1 }
        // A parent may have started this process with them blocked (a test
        // runner does): the main thread must get them, so its wait ends.
        Signals.unblock([SIGINT, SIGTERM])
        signal(SIGPIPE, SIG_IGN)
        server.run(on: loop) { ServeCommand.stopRequested != 0 }
        return .success
    }

    private func parsePort(_ text: String) throws -> Int {
        guard let port = Int(text), (0...65535).contains(port) else {
            throw CommandError.usage(
                "--port must be a number from 0 to 65535 (0: any free port); got \"\(text.prefix(40))\".",
                help: "serve")
        }
        return port
    }

    private func parseKeepTime(_ text: String) throws -> Duration {
        // Digits and a point only: Double also reads `0x10`, `1e3` and `nan`.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let seconds = Double(text),
            (0...3600).contains(seconds)
        else {
            throw CommandError.usage(
                "--keep must be a number of seconds from 0 to 3600, for example 60; got \"\(text.prefix(40))\".",
                help: "serve")
        }
        return .milliseconds(Int((seconds * 1000).rounded()))
    }

    /// Opens `address` with `xdg-open`, or says how to open it.
    private func openInBrowser(_ address: String) {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        guard path.split(separator: ":").contains(where: { access("\($0)/xdg-open", X_OK) == 0 }) else {
            Trellis.printError("--open: xdg-open is not installed (Debian: xdg-utils); open the address by hand")
            return
        }
        let opener = Process()
        opener.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        opener.arguments = ["xdg-open", address]
        opener.standardOutput = FileHandle.nullDevice
        opener.standardError = FileHandle.nullDevice
        do {
            try opener.run()
        } catch {
            Trellis.printError(
                "--open: could not run xdg-open (\(error.localizedDescription)); open the address by hand")
        }
    }
}

/// The config `serve` builds new tabs from, which `--watch` replaces when the
/// file is edited.
@MainActor
private final class CurrentConfig {
    var config: RouteConfig

    init(_ config: RouteConfig) {
        self.config = config
    }
}
