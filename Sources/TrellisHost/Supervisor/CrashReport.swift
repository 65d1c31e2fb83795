import Glibc
import TrellisCore

/// The supervisor's account of a crashed app process, from the signal, the
/// ``CrashRecord`` and the app's standard error.
struct CrashReport {
    let signal: Int32
    let activity: String
    let routePath: String
    /// The plugin whose image the crash happened in, and the routes built from it.
    let plugin: (name: String, file: String, routes: [String])?
    let fatalMessage: String?
    let pluginFrames: [String]
    /// Whether the crash handler ran: it records at least one frame.
    let hasFrames: Bool
    let fault: CrashRecord.Fault?

    init(signal: Int32, stderr: String) {
        self.signal = signal
        activity = CrashRecord.read(.activity)
        routePath = CrashRecord.read(.routePath)
        let plugins = CrashRecord.read(.plugins).split(separator: "\n").compactMap {
            line -> (name: String, file: String, routes: [String], images: Set<String>)? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            let images = Set([fields[0]] + fields[3].split(separator: " ").map(String.init))
            return (fields[1], fields[0], fields[2].split(separator: " ").map(String.init), images)
        }
        let frames = CrashRecord.read(.frames).split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        hasFrames = !frames.isEmpty
        fault = CrashRecord.fault
        // The first frame in a plugin's image names the plugin that crashed: the
        // image is named after the file, or after the link it was mapped through.
        let crashed = frames.lazy.compactMap { frame in plugins.first { frame.first.map($0.images.contains) ?? false } }
            .first
        plugin = crashed.map { ($0.name, $0.file, $0.routes) }
        pluginFrames = frames.filter { frame in frame.first.map { crashed?.images.contains($0) ?? false } ?? false }
            .prefix(8).map { frame in
                let image = crashed.flatMap { $0.file.split(separator: "/").last.map(String.init) } ?? frame[0]
                return
                    "\(image) +\(frame.count > 1 ? frame[1] : "?")  \(frame.count > 2 ? Self.demangled(frame[2]) : "")"
            }
        fatalMessage = stderr.split(separator: "\n").last { $0.contains("Fatal error") || $0.contains("fatal error") }
            .map(String.init)
    }

    /// The route that crashed: the one being built or driven, else the only
    /// route of the crashed plugin.
    var route: String? {
        if let named = Self.route(inActivity: activity) { return named }
        guard let routes = plugin?.routes, routes.count == 1 else { return nil }
        return routes.first
    }

    /// The route an activity names (`building route boom (plugin …)`), if any.
    static func route(inActivity activity: String) -> String? {
        activity.split(separator: " ").drop(while: { $0 != "route" }).dropFirst().first.map(String.init)
    }

    /// One line for the error view shown in the crashed route's place.
    var summary: String {
        let origin = plugin.map { "plugin \($0.name)" } ?? "its plugin"
        return "\(origin) crashed the app (\(cause))" + (fatalMessage.map { ": \($0)" } ?? "")
    }

    /// The signal, and what it means here.
    private var cause: String {
        fault == .stackExhausted ? "SIGSEGV, the stack ran out: a recursion without end?" : Self.name(of: signal)
    }

    var text: String {
        var lines = ["trellis: a plugin crashed the app (\(cause))."]
        if !routePath.isEmpty { lines.append("  on screen:  \(routePath)") }
        if !activity.isEmpty { lines.append("  running:    \(activity)") }
        if let plugin {
            lines.append(
                "  plugin:     \(plugin.name) (\(plugin.file)), routes \(plugin.routes.joined(separator: ", "))")
        }
        if let fatalMessage { lines.append("  message:    \(fatalMessage)") }
        if !pluginFrames.isEmpty {
            lines.append("  frames in the plugin:")
            lines += pluginFrames.map { "    \($0)" }
        }
        if !hasFrames {
            lines.append(
                "  (no frames: the crash handler could not run, as when a plugin blocks signals or a stack of a "
                    + "thread the host did not start runs out)")
        }
        if plugin == nil && activity.isEmpty {
            lines.append("  (the crash was not in a plugin's image; run with TRELLIS_SUPERVISOR=off under a debugger)")
        }
        return lines.joined(separator: "\n").escapingControlCharacters
    }

    private typealias DemangleFunction =
        @convention(c) (
            UnsafePointer<CChar>?, Int, UnsafeMutablePointer<CChar>?,
            UnsafeMutablePointer<Int>?, UInt32
        ) -> UnsafeMutablePointer<CChar>?

    /// A Swift symbol as a person reads it (`MainRouter.attachNext()`), through the
    /// Swift runtime's own `swift_demangle`; other names as they are.
    static func demangled(_ symbol: String) -> String {
        guard symbol.hasPrefix("$s"), let function = dlsym(dlopen(nil, RTLD_NOW), "swift_demangle") else {
            return symbol
        }
        let demangle = unsafeBitCast(function, to: DemangleFunction.self)
        return symbol.withCString { name in
            guard let result = demangle(name, strlen(name), nil, nil, 0) else { return symbol }
            defer { free(result) }
            return String(cString: result)
        }
    }

    static func name(of signal: Int32) -> String {
        switch signal {
        case SIGSEGV: "SIGSEGV, a bad memory access"
        case SIGBUS: "SIGBUS, a bad memory access"
        case SIGILL: "SIGILL, a Swift runtime trap such as fatalError"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap such as fatalError"
        case SIGFPE: "SIGFPE, an arithmetic error"
        case SIGABRT: "SIGABRT, an abort"
        case SIGSYS: "SIGSYS, a bad system call"
        case SIGXCPU: "SIGXCPU, the process's CPU time limit (RLIMIT_CPU) was reached"
        case SIGXFSZ: "SIGXFSZ, a write passed the file size limit (RLIMIT_FSIZE)"
        default: "signal \(signal)"
        }
    }
}
