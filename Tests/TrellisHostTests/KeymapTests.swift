import Testing
import TrellisCore
import TrellisHost

/// The user's own keys (keys.json): keys that act as others, and a file that
/// cannot be used said with its file, its entry and what to do.
struct KeymapTests {
    private func parse(_ text: String) throws(KeymapError) -> Keymap {
        try Keymap.parse(Array(text.utf8), path: "keys.json")
    }

    @Test func aKeyActsAsTheKeyItNamesAndTheOthersAsThemselves() throws {
        let keymap = try parse(#"{ "keys": { "ctrl-b": "down", "alt-s": "ctrl-s", "x": "q" } }"#)
        #expect(keymap.translate(.control("b")) == .down)
        #expect(keymap.translate(.alt("s")) == .control("s"))
        #expect(keymap.translate(.character("x")) == .character("q"))
        #expect(keymap.translate(.character("j")) == .character("j"), "the built-in keys keep working")
        #expect(keymap.lines == ["alt-s  as ctrl-s", "ctrl-b  as down", "x  as q"])
    }

    @Test(arguments: [
        (#"{ "keys": { "ctrl-jj": "down" } }"#, #"keys.json: keys."ctrl-jj": not a key name"#),
        (#"{ "keys": { "ctrl-b": "sideways" } }"#, #"keys.json: keys."ctrl-b": the key it acts as must be a key name"#),
        (#"{ "keys": { "ctrl-c": "down" } }"#, "Ctrl-C always quits"),
        (#"{ "keys": { "ctrl-j": "down" } }"#, "a terminal sends it as Enter"),
        (#"{ "keys": { "j": "j" } }"#, "a key acting as itself"),
        (#"{ "bindings": {} }"#, #""bindings" is not a setting here"#),
        (#"{ "keys": [ ] }"#, #"the file is { "keys""#),
        (#"{ "keys": { "j": "down", } }"#, "keys.json:1:"),
    ])
    func aFileThatCannotBeUsedIsSaidWithItsEntry(text: String, message: String) {
        #expect {
            try parse(text)
        } throws: { error in
            (error as? KeymapError)?.description.contains(message) == true
        }
    }

    @Test func theFileIsTheOneTheEnvironmentNames() {
        #expect(Keymap.path(environment: ["TRELLIS_KEYS": "/k.json", "HOME": "/h"]) == "/k.json")
        #expect(Keymap.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/trellis/keys.json")
        #expect(Keymap.path(environment: ["HOME": "/h"]) == "/h/.config/trellis/keys.json")
    }
}
