import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport

/// One bad input for `trellis`: how to make it, what to run, and what must come
/// back. Every one of them trapped, hung or misreported before it was fixed.
struct BadInput: Sendable, CustomStringConvertible {
    var description: String
    /// Writes what the case needs into the folder and returns the command line
    /// and standard input.
    var make: @Sendable (TemporaryFolder) throws -> (arguments: [String], input: String)
    var status: Int32
    /// Words the message must contain (standard error, or standard output for 0).
    var words: [String]
}

/// The bad inputs the issue lists, each with its exit code and the key words of its
/// message: configs, plugin files, scripts and the command line.
struct BadInputTableTests {
    @Test(arguments: BadInputTableTests.cases)
    func aBadInputGetsItsExitCodeAndAMessage(_ bad: BadInput) throws {
        let folder = try TemporaryFolder()
        let (arguments, input) = try bad.make(folder)
        let result = try TrellisProcess.run(arguments, input: input, in: folder.url)

        #expect(result.status == bad.status, "\(bad): \(result.stderr)")
        let message = bad.status == 0 ? result.stdout : result.stderr
        for word in bad.words {
            #expect(message.contains(word), "\(bad): no \"\(word)\" in \(message.prefix(600))")
        }
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("Backtracing"), "\(bad) crashed")
        #expect(!result.stderr.utf8.contains(0x1B), "\(bad): a raw escape reached standard error")
    }

    static let cases: [BadInput] = [
        config("malformed JSON", "{ \"root\": main }", "app.json:1:11: not valid JSON"),
        config("empty", "", "cannot read the config: the file is empty"),
        configBytes("a byte order mark", [0xEF, 0xBB, 0xBF] + Array("{}".utf8), "byte order mark"),
        configBytes(
            "invalid UTF-8", Array("{ \"root\": \"".utf8) + [0xC3, 0x28] + Array("\" }".utf8), "not valid UTF-8"),
        configBytes("a NUL byte", Array("{ \"root\": \"a".utf8) + [0] + Array("\" }".utf8), "control character"),
        config("an unpaired high surrogate", #"{ "root": "\uD800\u0041" }"#, "not a low surrogate"),
        config("a lone low surrogate", #"{ "root": "\uDC00" }"#, "second half of a surrogate pair"),
        config("10,000 levels of nesting", String(repeating: "[", count: 10_000), "nested deeper than 512 levels"),
        config("a duplicate key", #"{ "root": "a", "root": "b" }"#, "the key \"root\" appears twice"),
        config("a leading zero", #"{ "root": "a", "x": 0123 }"#, "cannot start with 0"),
        config("a number with a bare dot", #"{ "x": 1. }"#, "digits after '.'"),
        config("a signed hex escape", #"{ "root": "\u+041" }"#, "four hex digits"),
        config("root of the wrong type", "{ \(plugins), \"root\": 42, \"routes\": {} }", "root must be a string"),
        config(
            "an unknown key", "{ \(plugins), \"root\": \"m\", \"routes\": {}, \"style\": 1 }",
            "style is not a known key"),
        config("no root", "{ \(plugins), \"routes\": {} }", "root is missing"),
        config("an undefined root", "{ \(plugins), \"root\": \"m\", \"routes\": {} }", "names route \"m\""),
        config(
            "a dangling child",
            """
            { \(plugins), "root": "m", "routes": { "m": { "plugin": "MainScreen", "children": { "next": "gone" } } } }
            """, "routes.m.children.next names route \"gone\""),
        config(
            "a cycle of 10,000 routes",
            "{ \(plugins), \"root\": \"r0\", \"routes\": { "
                + (0..<10_000).map {
                    "\"r\($0)\": { \"plugin\": \"MainScreen\", \"children\": { \"next\": \"r\(($0 + 1) % 10_000)\" } }"
                }
                .joined(separator: ", ") + " } }", "the routes form a cycle: r0 → r1", "more"),
        config(
            "a chain of 10,000 routes",
            "{ \(plugins), \"root\": \"r0\", \"routes\": { "
                + (0..<9_999).map {
                    "\"r\($0)\": { \"plugin\": \"MainScreen\", \"children\": { \"next\": \"r\($0 + 1)\" } }"
                }
                .joined(separator: ", ") + ", \"r9999\": { \"plugin\": \"NextScreen\" } } }", status: 0,
            "OK, 10000 routes"),
        config(
            "an unbound slot", "{ \(plugins), \"root\": \"m\", \"routes\": { \"m\": { \"plugin\": \"MainScreen\" } } }",
            "attaches slot \"next\", which routes.m.children does not bind"),
        config(
            "an undeclared slot",
            mainNext.replacingOccurrences(
                of: "\"plugin\": \"NextScreen\"",
                with:
                    "\"plugin\": \"NextScreen\", \"children\": { \"more\": \"more\" } }, \"more\": { \"plugin\": \"NextScreen\""
            ),
            "binds a slot that plugin NextScreen does not declare"),
        config(
            "a title that is not a string",
            mainNext.replacingOccurrences(
                of: "\"plugin\": \"MainScreen\",",
                with: "\"plugin\": \"MainScreen\", \"parameters\": { \"title\": 7 },"),
            "parameters.title must be a string"),
        config(
            "a screen that needs a parent as the root",
            "{ \(plugins), \"root\": \"l\", \"routes\": { \"l\": { \"plugin\": \"OffGame\" } } }",
            "plugin OffGame requires dependency \"playerNames\", which no route above it provides"),
        config(
            "an escape sequence in a route id", "{ \(plugins), \"root\": \"\\u001b[2J\", \"routes\": {} }", "\\u{1B}[2J"
        ),
        config(
            "5 MB with the error at its end",
            "{ \"pad\": \"" + String(repeating: "x", count: 5_000_000) + "\",\n \"root\": nope }",
            "app.json:2:10: not valid JSON"),
        BadInput(
            description: "config: a folder", make: { folder in (["validate", folder.url.path], "") },
            status: 2, words: ["it is a folder, not a file"]),
        BadInput(
            description: "config: a FIFO",
            make: { folder in
                let fifo = folder.url.appendingPathComponent("app.json")
                mkfifo(fifo.path, 0o600)
                return (["validate", fifo.path], "")
            }, status: 2, words: ["it is a FIFO (named pipe), not a regular file"]),
        BadInput(
            description: "config: /dev/null", make: { _ in (["validate", "/dev/null"], "") },
            status: 2, words: ["it is a device, not a regular file"]),

        plugin("missing", "no plugin file at") { _ in },
        plugin("a folder", "it is a folder, not a file") {
            try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: false)
        },
        BadInput(
            description: "plugin: /dev/zero", make: { _ in (["inspect", "/dev/zero"], "") },
            status: 2, words: ["it is a device, not a regular file"]),
        plugin("a text file", "it is not an ELF shared library") {
            try "hello".write(to: $0, atomically: true, encoding: .utf8)
        },
        plugin("an empty file", "it is not an ELF shared library") { try Data().write(to: $0) },
        plugin("a FIFO", "it is a FIFO (named pipe)") { mkfifo($0.path, 0o600) },
        patchedPlugin("a truncated ELF", "the section header table lies outside the file") {
            $0.removeSubrange(4096...)
        },
        patchedPlugin("a 32-bit ELF", "it is not an ELF shared library") { $0[4] = 1 },
        patchedPlugin("section headers of 65,535 bytes", "section headers of 65535 bytes, not 64") {
            $0[0x3A] = 0xFF
            $0[0x3B] = 0xFF
        },
        patchedPlugin("program headers past the end", "the program header table lies outside the file") {
            write(&$0, at: 0x20, value: 1 << 40)
        },
        patchedPlugin("a loadable segment past the end", "the loadable segment lies outside the file") {
            writeProgramHeader(&$0, type: 1, field: 32, value: 1 << 40)
        },
        patchedPlugin("a note segment of 1 TB", "the note segment lies outside the file") {
            writeProgramHeader(&$0, type: 4, field: 32, value: 1 << 40)
        },
        patchedPlugin("a manifest note longer than its segment", "a note of 4294967280 bytes lies outside its segment")
        { bytes in
            // The description's size is the word before the type, two before the owner's name.
            if let owner = bytes.firstRange(of: Array("TrellisSDK\u{0}".utf8))?.lowerBound {
                write(&bytes, at: owner - 8, value: 0xFFFF_FFF0, size: 4)
            }
        },
        patchedPlugin("a corrupted manifest", "its manifest is of a format this host does not know") { bytes in
            if let start = bytes.firstRange(of: Array("trellis-manifest 1".utf8))?.lowerBound {
                bytes[start + 1] = UInt8(ascii: "!")
            }
        },
        plugin("a C library without a manifest", "it has no Trellis manifest note") {
            let code = $0.deletingLastPathComponent().appendingPathComponent("plain.c")
            try "int nothing(void) { return 0; }".write(to: code, atomically: true, encoding: .utf8)
            _ = try TrellisProcess.run(
                ["clang", "-shared", "-fPIC", "-o", $0.path, code.path],
                executable: URL(fileURLWithPath: "/usr/bin/env"))
        },
        loadedCLibrary(
            "whose entry returns NULL", "void *trellis_plugin_entry_v1(void) { return 0; }",
            "the entry function returned an object that is not a TrellisPlugin"),
        loadedCLibrary(
            "with no entry", "int nothing(void) { return 0; }", "exports no trellis_plugin_entry_v1 function"),
        // Below the root: validate builds only the root, and a lazily loaded plugin
        // is not mapped, so only its dynamic symbol table can say.
        BadInput(
            description: "plugin: a C library with no entry, below the root",
            make: { folder in
                try cLibrary(
                    "int nothing(void) { return 0; }", at: folder.url.appendingPathComponent("libC.so"), sdkVersion: nil
                )
                try FileManager.default.copyItem(
                    at: Products.plugin("MainScreen"), to: folder.url.appendingPathComponent("libMainScreen.so"))
                let config = try folder.write(
                    #"{ "plugins": ["."], "root": "main", "routes": { "main": { "plugin": "MainScreen", "#
                        + #""children": { "next": "c" } }, "c": { "plugin": "libC.so" } } }"#, to: "app.json")
                return (["validate", config.path], "")
            }, status: 2, words: ["exports no trellis_plugin_entry_v1 function"]),
        loadedCLibrary(
            "whose loading ends the process",
            "#include <unistd.h>\n__attribute__((constructor)) static void quit(void) { _exit(7); }\n"
                + "void *trellis_plugin_entry_v1(void) { return 0; }",
            "the process that built it exited with status 7",
            "libC.so) ended the process (`exit`), or its file is damaged"),
        // Refused from the manifest, before the library is mapped: had its
        // constructor run, the message would be the exit's.
        loadedCLibrary(
            "built against a newer SDK minor", quitOnLoad, sdkVersion: sdk(minor: 1),
            "was built against Trellis SDK \(sdk(minor: 1)), newer than this host's SDK \(TrellisSDKInterface.release)",
            "Update Trellis"),
        loadedCLibrary(
            "built against another SDK major", quitOnLoad, sdkVersion: sdk(major: 1),
            "was built against Trellis SDK \(sdk(major: 1)), and this host has SDK \(TrellisSDKInterface.release)",
            "a host of its SDK's major version"),
        loadedCLibrary(
            "built before SDK 1.0.0", quitOnLoad, sdkVersion: "", "built by a Trellis SDK from before 1.0.0"),
        loadedCLibrary(
            "whose SDK version is not one", quitOnLoad, sdkVersion: "1.x",
            "its manifest's SDK version \"1.x\" is not major.minor.patch"),

        BadInput(
            description: "script: typing 100,000 characters at once takes linear time",
            make: { _ in
                (
                    ["run", Products.repository.appendingPathComponent("Examples/tictactoe.json").path, "--headless"],
                    "focus Player 1 name\ntype " + String(repeating: "é", count: 100_000) + "\nexpect éééé\n"
                )
            }, status: 0, words: []),
        script("an unknown command", "press the button\n", status: 2, "unknown command \"press\""),
        script("binary garbage", "\u{1}\u{2}\u{FFFD}\u{7F}zz\n", status: 2, "unknown command"),
        script(
            "a line of 2 MB", "type " + String(repeating: "x", count: 2 << 20) + "\n", status: 2,
            "longer than 1048576 bytes"),
        // Refused from standard input as from --script, however the pipe splits it.
        script(
            "a line one byte over 1 MiB", "type " + String(repeating: "x", count: (1 << 20) - 4) + "\n", status: 2,
            "longer than 1048576 bytes"),
        script("a byte order mark before the first command", "\u{FEFF}print\n", status: 0),
        script("a wait of no number", "wait forever\n", status: 2, "`wait` needs a number of seconds"),
        script(
            "an expectation that never holds", "expect Goodbye\n", status: 1,
            "expected the screen to contain \"Goodbye\"",
            extra: ["--timeout", "0.1"]),
        BadInput(
            description: "script: a CRLF file runs as typed",
            make: { folder in
                let script = try folder.write("tap Click Button\r\nexpect Now is\r\nprint\r\n", to: "walk.trellis")
                return (
                    [
                        "run", Products.repository.appendingPathComponent("Examples/main-next.json").path, "--script",
                        script.path,
                    ], ""
                )
            }, status: 0, words: ["[ Close ]"]),
        BadInput(
            description: "script: an empty list in a 30x10 window",
            make: { _ in
                (
                    [
                        "run", Products.repository.appendingPathComponent("Examples/airports.json").path, "--headless",
                        "--size", "30x10",
                    ],
                    "focus Search a city\ntype qqq\nwait 0.5\nprint\n"
                )
            }, status: 0, words: ["qqq"]),

        commandLine(
            "a size that overflows", ["run", "--size", "99999999999x99999999999"],
            "--size must be COLSxROWS with 20 to 1000"),
        commandLine("a size of 240 GB", ["run", "--size", "100000x100000"], "--size must be COLSxROWS"),
        commandLine("a negative time-out", ["run", "--timeout", "-1"], "--timeout must be a number of seconds"),
        commandLine("an unknown command", ["launch"], "unknown command \"launch\""),
        commandLine(
            "serve: a port out of range", ["serve", "--port", "99999"], "--port must be a number from 0 to 65535"),
        commandLine("serve: an address that is none", ["serve", "--bind", "nonsense"], "--bind nonsense is not an IP"),
        commandLine("serve: a port given twice", ["serve", "--port", "1", "--port", "2"], "--port was given twice"),
        commandLine("serve: a keep in hexadecimal", ["serve", "--keep", "0x10"], "--keep must be a number of seconds"),
        commandLine("serve: a keep of NaN", ["serve", "--keep", "nan"], "--keep must be a number of seconds"),
    ]
}
