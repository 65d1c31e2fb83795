import Foundation

/// `trellis serve` running a config on a free port, for a test: its port and
/// token, read from the address it prints; ended when released.
public final class ServedApp {
    private let server = Process()
    /// The port it listens on.
    public private(set) var port = 0
    /// Its secret token.
    public private(set) var token = ""

    private let errorFile: URL

    /// Serves `config` (a path in the repository), with `arguments` after it and
    /// `environment` added to the tests' own. Its routes run in the app's process
    /// unless the config isolates them (`--in-process`), as the tests of what the
    /// app itself does want; `isolatedByDefault` serves them as `serve` does by
    /// default, each in a process of its own. It listens on `port`, else on any
    /// free one.
    public init(
        config: String = "config.json", arguments: [String] = [], environment: [String: String] = [:],
        isolatedByDefault: Bool = false, port: Int = 0
    ) throws {
        server.executableURL = Products.trellis
        server.arguments =
            ["serve", config, "--port", "\(port)"] + (isolatedByDefault ? [] : ["--in-process"]) + arguments
        server.currentDirectoryURL = Products.repository
        server.environment = TrellisProcess.environment.merging(environment) { $1 }
        let output = Pipe()
        server.standardOutput = output
        errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        server.standardError = try FileHandle(forWritingTo: errorFile)
        try server.run()
        // The first line says where: http://127.0.0.1:PORT/?token=TOKEN
        var printed = ""
        while !printed.contains("\n") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            printed += String(decoding: data, as: UTF8.self)
        }
        guard let address = printed.split(separator: " ").first(where: { $0.hasPrefix("http://127.0.0.1:") }),
            let port = Int(address.dropFirst("http://127.0.0.1:".count).prefix { $0.isNumber }),
            let token = address.split(separator: "=").last
        else { throw CocoaError(.fileReadCorruptFile, userInfo: ["printed": printed]) }
        self.port = port
        self.token = String(token.prefix { $0.isHexDigit })
    }

    /// The process ID of `trellis serve` (the supervisor).
    public var processIdentifier: Int32 { server.processIdentifier }

    /// What it has written to its standard error so far.
    public var errors: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// The address `serve` printed, with the token.
    public var address: String { "http://127.0.0.1:\(port)/?token=\(token)" }

    /// Stops it, as Ctrl-C does, and waits for it to end.
    public func stop() {
        guard server.isRunning else { return }
        server.interrupt()
        server.waitUntilExit()
    }

    deinit {
        defer { try? FileManager.default.removeItem(at: errorFile) }
        guard server.isRunning else { return }
        server.terminate()
        // SIGTERM ends it; if it did not within 5 s, that is a bug the test
        // output shows, and SIGKILL ends it anyway, so no server outlives the tests.
        let deadline = Date().addingTimeInterval(5)
        while server.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        if server.isRunning {
            FileHandle.standardError.write(Data("ServedApp: trellis serve ignored SIGTERM; killed\n".utf8))
            kill(server.processIdentifier, SIGKILL)
        }
    }
}
