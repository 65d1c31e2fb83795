import Testing

@testable import TrellisHost

/// "Did you mean": the nearest existing name, only when it is near.
struct SuggestionTests {
    @Test(arguments: [
        ("chlid", ["child", "children"], "child"), ("MainScren", ["MainScreen", "NextScreen"], "MainScreen"),
        ("plugn", ["plugin", "children", "parameters", "sha256"], "plugin"), ("NEXT", ["next", "main"], "next"),
    ])
    func aSlipFindsTheNameMeant(typed: String, names: [String], meant: String) {
        #expect(Suggestion.closest(to: typed, among: names) == meant)
    }

    @Test func aNameFarFromEveryOtherGetsNoSuggestion() {
        #expect(Suggestion.closest(to: "launcher", among: ["next", "main"]) == nil)
        #expect(Suggestion.closest(to: "ab", among: ["xy"]) == nil)
        #expect(Suggestion.phrase(for: "x", among: []) == "")
    }
}
