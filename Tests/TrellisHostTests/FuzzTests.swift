import Foundation
import Testing
import TrellisSDK
import TrellisTestSupport

@testable import TrellisCore
@testable import TrellisHost

/// Seeded, repeatable mutations of every example config through the parser, the
/// validator and a short headless session, and of a plugin file through the ELF
/// reader. A trap kills the test process: the input being tried is written to
/// `trellis-fuzz-input` in the temporary folder first, so the crash leaves it behind.
@MainActor
@Suite(.timeLimit(.minutes(5)))
struct FuzzTests {
    static let evidence = FileManager.default.temporaryDirectory.appendingPathComponent("trellis-fuzz-input")

    /// A small, fast, seeded generator (SplitMix64): the same seed, the same inputs.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }
    }

    /// Fragments that broke parsers and layouts before: escapes, nesting, numbers,
    /// huge and negative values, control characters.
    static let fragments: [String] = [
        #"\uD800"#, #"\uD800\u0041"#, #"\uDC00"#, #"\u+041"#, "[[[[[[[[", "]]]]", "{{{{", "0123", "1.", "-", "1e999",
        "-0",
        "\"", "\\", "\u{0}", "\u{1B}[2J", "null", "true", ",", ":", "{}", "[]", "\"children\": {\"next\": \"main\"}",
        "\"parameters\": {\"title\": 7}", "\"plugin\": \"../x.so\"", "\"plugin\": \"/dev/zero\"",
        "99999999999999999999",
        "\"title\": \"" + String(repeating: "界", count: 300) + "\"", "\u{FEFF}", "\u{200D}", "\r\n",
    ]

    static func mutate(_ bytes: [UInt8], with random: inout Generator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...3, using: &random) {
            guard !result.isEmpty else { return Array(fragments.randomElement(using: &random)!.utf8) }
            let position = Int.random(in: 0..<result.count, using: &random)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: result[position] = UInt8.random(in: 0...255, using: &random)
            case 1:
                result.removeSubrange(position..<min(result.count, position + Int.random(in: 1...16, using: &random)))
            case 2: result.insert(contentsOf: fragments.randomElement(using: &random)!.utf8, at: position)
            case 3:
                let end = min(result.count, position + Int.random(in: 1...64, using: &random))
                result.insert(contentsOf: result[position..<end], at: Int.random(in: 0...result.count, using: &random))
            case 4: result.removeSubrange(position...)
            default: result[position] = UInt8(ascii: "\"")
            }
        }
        return result
    }

    static var seedConfigs: [(name: String, bytes: [UInt8])] {
        let examples = Products.repository.appendingPathComponent("Examples")
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: examples.path))?.filter { $0.hasSuffix(".json") }
            .sorted() ?? []
        let files =
            names.map { examples.appendingPathComponent($0) } + [
                Products.repository.appendingPathComponent("config.json")
            ]
        return files.compactMap { file in
            // A route in a process of its own is started by trellis, not by this test process.
            guard let text = try? String(contentsOf: file, encoding: .utf8), !text.contains("\"isolation\"") else {
                return nil
            }
            // The products folder spelled out, as "@host" would find it from `trellis`.
            let local = text.replacingOccurrences(of: "\"@host\"", with: "\"\(Products.directory.path)\"")
            return (file.lastPathComponent, Array(local.utf8))
        }
    }

    @Test func mutatedConfigsNeverTrapTheParserTheValidatorOrASession() async throws {
        let seeds = Self.seedConfigs
        #expect(seeds.count >= 6)
        var random = Generator(state: 0x7E11_1500)
        let loader = PluginLoader(searchPath: [Products.directory])
        var outcomes: [String: Int] = [:]
        for round in 0..<2400 {
            // The main actor is shared with the other in-process suites, whose
            // screens wait on it: let them run between rounds.
            if round % 50 == 0 { await Task.yield() }
            let seed = seeds[round % seeds.count]
            let mutant = Self.mutate(seed.bytes, with: &random)
            try Data(mutant).write(to: Self.evidence)
            let file = Products.directory.appendingPathComponent("fuzz-\(seed.name)")
            let config: RouteConfig
            do {
                config = try RouteConfig.decode(String(decoding: mutant, as: UTF8.self), file: file)
            } catch {
                #expect(!error.localizedDescription.isEmpty)
                outcomes["refused by the parser or reader", default: 0] += 1
                continue
            }
            guard !Validator(config: config, loader: loader).problems().contains(where: { $0.severity == .error })
            else {
                outcomes["refused by the validator", default: 0] += 1
                continue
            }
            let tree = RouteTree(config: config, loader: loader)
            do {
                try tree.launch()
            } catch {
                outcomes["refused at launch", default: 0] += 1
                continue
            }
            let session = ScreenSession(
                tree: tree,
                window: Window(
                    width: Int.random(in: 20...120, using: &random),
                    height: Int.random(in: 5...40, using: &random)))
            for _ in 0..<6 { Self.randomStep(session, with: &random) }
            outcomes["ran a session", default: 0] += 1
        }
        #expect(outcomes["ran a session", default: 0] > 50, "\(outcomes)")
        #expect(outcomes["refused by the parser or reader", default: 0] > 500, "\(outcomes)")
    }

    /// One random step a person could take; failures of the step are fine, traps are not.
    static func randomStep(_ session: ScreenSession, with random: inout Generator) {
        let keys: [Key] = [
            .tab, .backtab, .enter, .up, .down, .left, .right, .escape, .backspace, .home, .end, .character("x"),
        ]
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            if let label = session.frame.controls.randomElement(using: &random)?.label {
                _ = try? session.update(.command(.tap(label))).get()
            }
        case 1:
            _ = try? session.update(.command(.type(fragments.randomElement(using: &random)!))).get()
        case 2:
            session.update(
                .resize(
                    Window(
                        width: Int.random(in: -5...300, using: &random),
                        height: Int.random(in: -5...100, using: &random))))
        default:
            session.update(.key(keys.randomElement(using: &random)!))
        }
        // What a front end does when the views changed on their own.
        session.update(.viewsChanged)
        _ = session.treeText()
    }

    /// What a page sends, mutated, to the tabs of the gallery and the Airports
    /// search: a message may be refused (and said), never trap; every update sent
    /// back is JSON the page can read.
    @Test func mutatedPageMessagesNeverTrapAWebSessionAndItsUpdatesStayJSON() async throws {
        let seeds = [
            #"{"type":"choose","id":"page","index":2}"#, #"{"type":"select","list":"planets","row":3}"#,
            #"{"type":"sort","id":"sizes","column":1,"ascending":false}"#, #"{"type":"toggle","id":"Sync","on":true}"#,
            #"{"type":"edit","field":"note","text":"line one\nline two"}"#, #"{"type":"choose","id":"page","index":0}"#,
            #"{"type":"tap","id":"More"}"#, #"{"type":"edit","field":"search","text":"seoul"}"#,
            #"{"type":"window","list":"cities","from":140}"#, #"{"type":"select","list":"cities","row":0}"#,
            #"{"type":"back"}"#, #"{"type":"choose","id":"Every","index":1}"#,
        ]
        var random = Generator(state: 0x5E55_1015)
        var updates = 0
        for (round, example) in ["Examples/widgets.json", "Examples/airports.json"].enumerated() {
            let config = try RouteConfig.load(from: Products.repository.appendingPathComponent(example))
            let tree = RouteTree(config: config, loader: PluginLoader(config: config))
            try tree.launch()
            let session = WebSession(tree: tree, id: "fuzz\(round)")
            for step in 0..<900 {
                if step % 50 == 0 { await Task.yield() }
                let seed = seeds[step % seeds.count]
                let message =
                    step % 3 == 0 ? seed : String(decoding: Self.mutate(Array(seed.utf8), with: &random), as: UTF8.self)
                try Data(message.utf8).write(to: Self.evidence)
                session.receive(message)
                guard let update = session.update() else { continue }
                updates += 1
                let read = try? JSONSerialization.jsonObject(with: Data(update.utf8))
                #expect(read != nil, "not JSON, after \(message): \(update.prefix(300))")
            }
            session.end()
        }
        #expect(updates > 300, "the messages changed the screens")
    }

    @Test func mutatedPluginFilesNeverTrapTheELFReader() throws {
        let original = [UInt8](try Data(contentsOf: Products.plugin("NextScreen")))
        let table = Int(original[0x28..<0x30].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        var random = Generator(state: 0xE1F0_0001)
        var refused = 0
        var manifestsRefused = 0
        for _ in 0..<400 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                // What the reader trusts: the header, the program headers and the
                // notes in the first page, and the section header table.
                let inTable = Bool.random(using: &random) && table < bytes.count
                let position =
                    inTable
                    ? Int.random(in: table..<bytes.count, using: &random)
                    : Int.random(in: 0..<min(1024, bytes.count), using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[position] = UInt8.random(in: 0...255, using: &random)
                case 1: bytes[position] = 0xFF
                default: bytes.removeSubrange(Int.random(in: 0..<bytes.count, using: &random)...)
                }
                if bytes.count < 64 { break }
            }
            try Data(bytes).write(to: Self.evidence)
            do {
                _ = try ELFComment.swiftToolchain(ofFileAt: Self.evidence.path)
            } catch {
                refused += 1
                #expect(!error.reason.isEmpty)
            }
            do {
                _ = try PluginLoader.readManifest(atPath: Self.evidence.path)
            } catch {
                manifestsRefused += 1
                #expect(!error.localizedDescription.isEmpty)
            }
        }
        #expect(refused > 50)
        #expect(manifestsRefused > 50)
        try? FileManager.default.removeItem(at: Self.evidence)
    }

    /// `validate` looks the entry symbol up through the dynamic segment and the GNU
    /// hash table: bytes changed anywhere in the file are an answer or a refusal,
    /// never a trap, a hang or a read outside the file.
    @Test func theEntrySymbolLookupSurvivesCorruption() throws {
        let original = try [UInt8](Data(contentsOf: Products.plugin("NextScreen")))
        let clean = try ELFFile(path: Products.plugin("NextScreen").path)
        #expect(try clean.definesDynamicSymbol("trellis_plugin_entry_v1") == true)
        #expect(try clean.definesDynamicSymbol("trellis_plugin_entry_v9") == false)
        clean.close()
        // Where the lookup reads: the dynamic segment, and the first pages, where
        // linkers put the GNU hash table and the symbols.
        func integer(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(original[offset + $1]) << (8 * $1) }
        }
        let programHeaders = integer(0x20, 8)
        let dynamic = (0..<integer(0x38, 2)).map { programHeaders + $0 * 56 }.first { integer($0, 4) == 2 }
            .map { integer($0 + 8, 8)..<(integer($0 + 8, 8) + integer($0 + 32, 8)) }
        let segment = try #require(dynamic)
        var random = Generator(state: 0xD15_0001)
        var refusals = 0
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<4 {
                let position =
                    Bool.random(using: &random)
                    ? Int.random(in: segment, using: &random)
                    : Int.random(in: 0x200..<min(16_384, bytes.count), using: &random)
                bytes[position] = Bool.random(using: &random) ? 0xFF : UInt8.random(in: 0...255, using: &random)
            }
            try Data(bytes).write(to: Self.evidence)
            do {
                let file = try ELFFile(path: Self.evidence.path)
                defer { file.close() }
                _ = try file.definesDynamicSymbol("trellis_plugin_entry_v1")
            } catch {
                refusals += 1
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(refusals > 0, "some corruption reaches the tables the lookup reads")
        try? FileManager.default.removeItem(at: Self.evidence)
    }
}
