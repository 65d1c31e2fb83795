import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport

/// How the table's bad inputs are made.
extension BadInputTableTests {
    static let plugins = "\"plugins\": [\"\(Products.directory.path)\"]"

    /// `trellis validate` on a config with this text.
    static func config(_ name: String, _ text: String, status: Int32 = 2, _ words: String...) -> BadInput {
        BadInput(
            description: "config: \(name)",
            make: { folder in
                (["validate", try folder.write(text, to: "app.json").path], "")
            }, status: status, words: words)
    }

    /// `trellis validate` on a config of these bytes.
    static func configBytes(_ name: String, _ bytes: [UInt8], _ words: String...) -> BadInput {
        BadInput(
            description: "config: \(name)",
            make: { folder in
                let file = folder.url.appendingPathComponent("app.json")
                try Data(bytes).write(to: file)
                return (["validate", file.path], "")
            }, status: 2, words: words)
    }

    /// `trellis inspect` on a file `make` writes.
    static func plugin(_ name: String, _ words: String..., make: @escaping @Sendable (URL) throws -> Void) -> BadInput {
        BadInput(
            description: "plugin: \(name)",
            make: { folder in
                let file = folder.url.appendingPathComponent("libBad.so")
                try make(file)
                return (["inspect", file.path], "")
            }, status: 2, words: words)
    }

    /// `trellis inspect` on a copy of the Next plugin with `patch` applied.
    static func patchedPlugin(_ name: String, _ words: String..., patch: @escaping @Sendable (inout [UInt8]) -> Void)
        -> BadInput
    {
        BadInput(
            description: "plugin: \(name)",
            make: { folder in
                var bytes = [UInt8](try Data(contentsOf: Products.plugin("NextScreen")))
                patch(&bytes)
                let file = folder.url.appendingPathComponent("libBad.so")
                try Data(bytes).write(to: file)
                return (["inspect", file.path], "")
            }, status: 2, words: words)
    }

    /// A C shared library built with the toolchain's clang from `source`, with a
    /// manifest note that passes every check made before loading, so the
    /// loader gets as far as the entry.
    ///
    /// - Parameter sdkVersion: The manifest's `sdkVersion`: the bundled plugins' unless
    ///   given; `""` leaves it out, as an SDK from before 1.0.0 did.
    static func cLibrary(_ source: String, at file: URL, sdkVersion: String? = nil) throws {
        let inspect = try TrellisProcess.run(["inspect", "--json", Products.plugin("NextScreen").path])
        let fields = try JSONDecoder().decode([String: JSONValue].self, from: Data(inspect.stdout.utf8))
        let built = sdkVersion ?? fields["sdkVersion"]?.stringValue ?? ""
        let toolchain = fields["toolchain"]?.stringValue ?? ""
        let manifest =
            "trellis-manifest 1\nname=C\nversion=1\nsummary=\nslots=\nrequires=\nprovides=\n"
            + (built.isEmpty ? "sdkFingerprint=0123456789abcdef0123456789abcdef\n" : "sdkVersion=\(built)\n")
            + "toolchain=\(toolchain)\n"
        // The note the SDK's build tool writes: owner "TrellisSDK", type 1, the
        // description zero-padded to a multiple of 8.
        let padded = (manifest.utf8.count + 7) / 8 * 8
        let literal = manifest.replacingOccurrences(of: "\n", with: "\\n")
        let section =
            "__attribute__((section(\".note.trellis\"), used, aligned(4))) static const struct "
            + "{ unsigned namesz, descsz, type; char name[12]; char desc[\(padded)]; } manifest = "
            + "{ 11, \(padded), 1, \"TrellisSDK\", \"\(literal)\" };\n"
        let code = file.deletingLastPathComponent().appendingPathComponent("lib.c")
        try (section + source).write(to: code, atomically: true, encoding: .utf8)
        let result = try TrellisProcess.run(
            ["clang", "-shared", "-fPIC", "-o", file.path, code.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// `trellis run --headless` on the Main → Next config with this script on
    /// standard input.
    /// `trellis validate` on a config whose root is a C library that passes the
    /// checks made from the file, so the root's build (in a child) loads it.
    static func loadedCLibrary(_ name: String, _ source: String, sdkVersion: String? = nil, _ words: String...)
        -> BadInput
    {
        BadInput(
            description: "plugin: a C library \(name)",
            make: { folder in
                try cLibrary(source, at: folder.url.appendingPathComponent("libC.so"), sdkVersion: sdkVersion)
                let config = try folder.write(
                    #"{ "root": "c", "routes": { "c": { "plugin": "libC.so" } } }"#, to: "app.json")
                return (["validate", config.path], "")
            }, status: 2, words: words)
    }

    static func script(_ name: String, _ text: String, status: Int32, _ words: String..., extra: [String] = [])
        -> BadInput
    {
        BadInput(
            description: "script: \(name)",
            make: { _ in
                (
                    ["run", Products.repository.appendingPathComponent("Examples/main-next.json").path, "--headless"]
                        + extra, text
                )
            }, status: status, words: words)
    }

    static func commandLine(_ name: String, _ arguments: [String], _ words: String...) -> BadInput {
        BadInput(description: "command line: \(name)", make: { _ in (arguments, "") }, status: 2, words: words)
    }

    /// Writes `value`, little-endian, over `size` bytes at `offset`.
    static func write(_ bytes: inout [UInt8], at offset: Int, value: UInt64, size: Int = 8) {
        for index in 0..<size { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }

    /// Writes `value` into `field` of the first program header of `type`.
    static func writeProgramHeader(_ bytes: inout [UInt8], type: UInt8, field: Int, value: UInt64) {
        let table = Int(bytes[0x20]) | Int(bytes[0x21]) << 8
        let count = Int(bytes[0x38]) | Int(bytes[0x39]) << 8
        guard let entry = (0..<count).map({ table + $0 * 56 }).first(where: { bytes[$0] == type }) else { return }
        write(&bytes, at: entry + field, value: value)
    }

    /// C code that ends the process when its library is mapped.
    static let quitOnLoad = "#include <unistd.h>\n__attribute__((constructor)) static void quit(void) { _exit(7); }"

    /// This host's SDK release with its major or minor moved on.
    static func sdk(major: Int = 0, minor: Int = 0) -> String {
        let host = TrellisSDKInterface.release
        return major > 0 ? "\(host.major + major).0.0" : "\(host.major).\(host.minor + minor).0"
    }

    static let mainNext = """
        { \(plugins), "root": "main", "routes": { "main": { "plugin": "MainScreen", "children": { "next": "next" } },
          "next": { "plugin": "NextScreen" } } }
        """
}
