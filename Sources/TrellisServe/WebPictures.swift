import Foundation
import Glibc
import TrellisConfig
import TrellisLoader

/// The pictures of `.image` views, as the page loads them: a file in the
/// resources a plugin's library carries (`<Package>_<Target>.resources` beside
/// it, as ``TrellisSDK/PluginResources`` finds them), at
/// `/picture/<plugin>/<path>`.
///
/// Only a plugin the config names, only a relative path inside its resources
/// (no `..`, no link out of the folder), only PNG, JPEG, GIF and WebP, and at most
/// ``largest`` bytes: anything else is not found. A picture at a URL is not
/// loaded: the page uses nothing from outside the host.
@MainActor
public struct WebPictures {
    /// Where the picture paths start.
    package static let prefix = "/picture/"
    /// The largest picture served.
    package static let largest = 8 << 20

    private let config: RouteConfig
    private let loader: PluginLoader

    /// Pictures of the plugins `config` names, found with `loader`.
    public init(config: RouteConfig, loader: PluginLoader) {
        self.config = config
        self.loader = loader
    }

    /// The address the page loads `source` of `plugin` from, if it can be served.
    package static func address(of source: String, plugin: String) -> String? {
        guard contentType(of: source) != nil, isRelativePath(source), isRelativePath(plugin), !plugin.contains("/")
        else { return nil }
        return prefix + percentEncoded(plugin) + "/"
            + source.split(separator: "/").map(percentEncoded).joined(
                separator: "/")
    }

    /// The picture at `path` (a request's path, `/picture/…`, percent-decoded), if
    /// it is one to serve.
    package func file(at path: String) -> WebConnection.File? {
        guard path.hasPrefix(Self.prefix) else { return nil }
        let rest = path.dropFirst(Self.prefix.count)
        guard let slash = rest.firstIndex(of: "/"), let plugin = HTTPRequest.percentDecoded(rest[..<slash]),
            let source = HTTPRequest.percentDecoded(rest[rest.index(after: slash)...]),
            Self.isRelativePath(source), let type = Self.contentType(of: source),
            config.routes.values.contains(where: { $0.plugin == plugin }),
            let library = try? loader.path(of: plugin, relativeTo: config.file.deletingLastPathComponent()),
            let folder = Self.resourceFolder(besides: library, target: plugin),
            let resolvedFolder = Self.realPath(folder), let resolved = Self.realPath(folder + "/" + source),
            resolved.hasPrefix(resolvedFolder + "/")
        else { return nil }
        // Not blocking: a FIFO named like a picture must not hold the server.
        let file = open(resolved, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard file >= 0 else { return nil }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= Self.largest else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var read = 0
        while read < bytes.count {
            let count = bytes[read...].withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            read += count
        }
        return (type, bytes)
    }

    private static func contentType(of source: String) -> String? {
        switch source.split(separator: ".").last?.lowercased() {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        default: nil
        }
    }

    /// Whether `path` names something inside a folder: not empty, not absolute,
    /// not a URL, no `..`, no NUL, not too long.
    private static func isRelativePath(_ path: String) -> Bool {
        !path.isEmpty && path.utf8.count <= 512 && !path.hasPrefix("/") && !path.contains("://")
            && !path.contains("\0") && !path.split(separator: "/").contains("..")
    }

    /// The folder `<anything>_<target>.resources` beside `library`.
    private static func resourceFolder(besides library: String, target: String) -> String? {
        let directory = (library as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.first { $0.hasSuffix("_\(target).resources") }.map { directory + "/" + $0 }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func percentEncoded(_ text: some StringProtocol) -> String {
        var result = ""
        for byte in text.utf8 {
            let isPlain =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "-._~".utf8.contains(byte)
            result += isPlain ? String(UnicodeScalar(byte)) : String(format: "%%%02X", byte)
        }
        return result
    }
}
