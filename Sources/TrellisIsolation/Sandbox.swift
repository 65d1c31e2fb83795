import CTerminal
import Foundation

/// The rules a route's own process runs under, set before it reads the config
/// or opens the plugin, while it has one thread: files with Landlock, system
/// calls with seccomp-bpf, memory with `RLIMIT_AS`.
package struct Sandbox {
    /// Folders (or files) it may read and run from: the Swift runtime, the
    /// SDK, the system's libraries and settings, the config's folder and the
    /// plugin folders.
    package var readable: [String]
    /// Folders it may read and write: its plugin's data folder.
    package var writable: [String]
    package var allowsProcesses = false
    package var allowsNetwork = false
    /// The most address space it may map, in bytes.
    var memoryLimit = Sandbox.defaultMemoryLimit

    package init(
        readable: [String], writable: [String], allowsProcesses: Bool = false, allowsNetwork: Bool = false,
        memoryLimit: Int = Sandbox.defaultMemoryLimit
    ) {
        self.readable = readable
        self.writable = writable
        self.allowsProcesses = allowsProcesses
        self.allowsNetwork = allowsNetwork
        self.memoryLimit = memoryLimit
    }

    /// Enough for a Swift runtime, Foundation and a plugin's data; an allocation
    /// without end stops at it, in that process alone.
    static let defaultMemoryLimit = 4 << 30

    /// What every process that runs Swift reads: system libraries, settings,
    /// time zones and locales, its own `/proc`, devices such as `/dev/urandom`,
    /// the processor count.
    package static let systemFolders = ["/usr", "/lib", "/lib64", "/etc", "/proc", "/dev", "/sys/devices/system/cpu"]

    /// The folders of every file mapped into this process now: the trellis
    /// binary, the Swift runtime, Foundation and the SDK.
    package static func mappedFolders() -> [String] {
        guard let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
        var folders: Set<String> = []
        for line in maps.split(separator: "\n") {
            guard let slash = line.firstIndex(of: "/") else { continue }
            let path = line[slash...]
            guard let last = path.lastIndex(of: "/"), last > path.startIndex else { continue }
            folders.insert(String(path[..<last]))
        }
        return folders.sorted()
    }

    /// Sets the rules. What this kernel cannot enforce is returned, in words for
    /// the user; what fails to be set throws, and the plugin is not opened.
    package func apply() throws(SandboxError) -> [String] {
        var warnings: [String] = []
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
        guard threads == 1 else {
            throw SandboxError(message: "the sandbox must be set while the process has one thread; it has \(threads)")
        }
        let version = trellis_landlock_version()
        if version < 1 {
            warnings.append(
                "Landlock is not available (\(String(cString: strerror(-version)))): its plugin can read and write "
                    + "every file you can")
        } else {
            var failed: UnsafePointer<CChar>?
            let result = Self.withCStrings(readable) { readable in
                Self.withCStrings(writable) { writable in
                    trellis_landlock_restrict(
                        readable.baseAddress, readable.count, writable.baseAddress, writable.count, &failed)
                }
            }
            guard result == 0 else {
                let path = failed.map { " (at \(String(cString: $0)))" } ?? ""
                throw SandboxError(
                    message:
                        "its file sandbox (Landlock) could not be set\(path): \(String(cString: strerror(-result)))")
            }
        }
        let confined = trellis_seccomp_confine(allowsProcesses ? 1 : 0, allowsNetwork ? 1 : 0)
        guard confined == 0 else {
            throw SandboxError(
                message: "its system call filter (seccomp) could not be set: \(String(cString: strerror(-confined)))")
        }
        var limit = rlimit(rlim_cur: rlim_t(memoryLimit), rlim_max: rlim_t(memoryLimit))
        if setrlimit(Int32(RLIMIT_AS.rawValue), &limit) != 0 {
            warnings.append("its memory limit could not be set: \(String(cString: strerror(errno)))")
        }
        return warnings
    }

    private static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafeBufferPointer<UnsafePointer<CChar>?>) -> Result
    ) -> Result {
        let copies = strings.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer(body)
    }
}

/// Why a route's process could not be sandboxed: it then opens no plugin.
public struct SandboxError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

extension Sandbox {
    /// The folder a plugin's own files go in, and the only one it may write:
    /// `$XDG_DATA_HOME/trellis/data/NAME` (`~/.local/share` when unset).
    static func dataFolder(plugin: String) -> String {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        return base + "/trellis/data/" + pluginName(plugin)
    }

    /// `Notes` for `Notes`, `libNotes.so` or `some/folder/libNotes.so`.
    static func pluginName(_ plugin: String) -> String {
        var name = plugin.split(separator: "/").last.map(String.init) ?? plugin
        if name.hasSuffix(".so") { name.removeLast(3) }
        if name.hasPrefix("lib") { name.removeFirst(3) }
        return name.isEmpty ? "plugin" : name
    }
}
