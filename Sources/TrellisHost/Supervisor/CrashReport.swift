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

    /// Whose code the fault was in, when it was no plugin's: the host's
    /// (`trellis`), or only the system's libraries on that thread; the image it
    /// faulted in.
    let hostFault: (isHost: Bool, image: String)?
    /// The frames from the fault down, for a fault that was no plugin's.
    let faultFrames: [String]

    init(signal: Int32, stderr: String) {
        self.init(
            signal: signal, activity: CrashRecord.read(.activity), routePath: CrashRecord.read(.routePath),
            plugins: CrashRecord.read(.plugins), frames: CrashRecord.read(.frames), fault: CrashRecord.fault,
            stderr: stderr)
    }

    /// The report of what a ``CrashRecord`` holds: `plugins` and `frames` as its
    /// slots hold them (one `file<TAB>name<TAB>routes<TAB>images` and one
    /// `image<TAB>offset<TAB>symbol` a line).
    init(
        signal: Int32, activity: String, routePath: String, plugins pluginText: String, frames frameText: String,
        fault: CrashRecord.Fault?, stderr: String
    ) {
        self.signal = signal
        self.activity = activity
        self.routePath = routePath
        let plugins = pluginText.split(separator: "\n").compactMap {
            line -> (name: String, file: String, routes: [String], images: Set<String>)? in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4 else { return nil }
            let images = Set([fields[0]] + fields[3].split(separator: " ").map(String.init))
            return (fields[1], fields[0], fields[2].split(separator: " ").map(String.init), images)
        }
        let frames = frameText.split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
        hasFrames = !frames.isEmpty
        self.fault = fault
        // The handler's own frames come first (the host's), then the signal
        // trampoline (libc's): the frame after it is where the fault was.
        let hostImage = frames.first?.first ?? ""
        let afterHandler = frames.drop { $0.first == hostImage }.dropFirst()
        let fromFault = afterHandler.isEmpty ? frames[...] : afterHandler
        func owner(of frame: [String]) -> (name: String, file: String, routes: [String], images: Set<String>)? {
            plugins.first { frame.first.map($0.images.contains) ?? false }
        }
        // The first frame in a plugin's code or the host's decides whose the fault
        // is: the runtime, libc, libdispatch, Foundation and the SDK pass a fault on
        // (a trap a plugin asked for, its abort). A fault in the host's code names
        // no plugin: a plugin below it, or one that damaged the process before
        // (closed descriptors, freed memory), cannot be told from the host's bug.
        let deciding = fromFault.first { owner(of: $0) != nil || $0.first == hostImage }
        let crashed = deciding.flatMap(owner(of:))
        plugin = crashed.map { ($0.name, $0.file, $0.routes) }
        let faultImage = fromFault.first?.first ?? hostImage
        hostFault =
            crashed != nil || !hasFrames ? nil : (isHost: deciding?.first == hostImage, image: faultImage)
        pluginFrames = frames.filter { frame in frame.first.map { crashed?.images.contains($0) ?? false } ?? false }
            .prefix(8).map { frame in
                let image = crashed.flatMap { $0.file.split(separator: "/").last.map(String.init) } ?? frame[0]
                return Self.line(of: frame, image: image)
            }
        faultFrames =
            hostFault == nil
            ? [] : fromFault.prefix(8).map { Self.line(of: $0, image: PluginFileSafety.fileName(of: $0.first ?? "?")) }
        fatalMessage = stderr.split(separator: "\n").last { $0.contains("Fatal error") || $0.contains("fatal error") }
            .map(String.init)
    }

    /// A frame as the report shows it: `image +offset  symbol`.
    private static func line(of frame: [String], image: String) -> String {
        "\(image) +\(frame.count > 1 ? frame[1] : "?")  \(frame.count > 2 ? demangled(frame[2]) : "")"
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
        if hostFault?.isHost == true { return "trellis crashed (\(cause)) while it ran this route" }
        let origin = plugin.map { "plugin \($0.name)" } ?? "its plugin"
        return "\(origin) crashed the app (\(cause))" + (fatalMessage.map { ": \($0)" } ?? "")
    }

    /// The report's first line: whose code crashed the app.
    private var headline: String {
        guard let hostFault else { return "trellis: a plugin crashed the app (\(cause))." }
        let image = PluginFileSafety.fileName(of: hostFault.image)
        guard hostFault.isHost else {
            return "trellis: the app crashed in \(image) (\(cause)), with no plugin's code or trellis's calling it."
        }
        let place = image == PluginFileSafety.fileName(of: CommandLine.arguments.first ?? "") ? "" : " in \(image),"
        return "trellis: the app crashed\(place) in trellis's own code (\(cause)), not in a plugin's."
    }

    /// The signal, and what it means here.
    private var cause: String {
        fault == .stackExhausted ? "SIGSEGV, the stack ran out: a recursion without end?" : Self.name(of: signal)
    }

    var text: String {
        var lines = [headline]
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
        if !faultFrames.isEmpty {
            lines.append("  frames from the fault:")
            lines += faultFrames.map { "    \($0)" }
            lines.append(
                "  (trellis's bug, or damage a plugin did before that cannot be told apart from one: closed "
                    + "descriptors, freed memory. Run with TRELLIS_SUPERVISOR=off under a debugger, and report it.)")
        }
        if !hasFrames {
            lines.append(
                "  (no frames: the crash handler could not run, as when a plugin blocks signals or a stack of a "
                    + "thread the host did not start runs out)")
        }
        if plugin == nil && activity.isEmpty && hostFault == nil {
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
