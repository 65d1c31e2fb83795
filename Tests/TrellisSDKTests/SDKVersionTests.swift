import Testing
import TrellisSDK

struct SDKVersionTests {
    @Test func readsMajorMinorPatchAndNothingElse() {
        #expect(SDKVersion("1.2.3") == SDKVersion(major: 1, minor: 2, patch: 3))
        #expect(SDKVersion("10.0.42")?.description == "10.0.42")
        for text in [
            "", "1", "1.2", "1.2.3.4", "1.2.x", "-1.2.3", "+1.2.3", " 1.2.3", "1.2.3 ", "1..3", "1.2.3-beta",
            "1234567890.0.0", "١.٢.٣",
        ] {
            #expect(SDKVersion(text) == nil, "\(text.debugDescription) is not a version")
        }
    }

    @Test func aHostLoadsPluginsOfItsMajorUpToItsMinor() {
        let host = SDKVersion(major: 1, minor: 3, patch: 2)
        #expect(host.loads(pluginBuiltAgainst: SDKVersion(major: 1, minor: 0, patch: 0)))
        #expect(host.loads(pluginBuiltAgainst: SDKVersion(major: 1, minor: 3, patch: 9)), "a patch adds nothing")
        #expect(!host.loads(pluginBuiltAgainst: SDKVersion(major: 1, minor: 4, patch: 0)))
        #expect(!host.loads(pluginBuiltAgainst: SDKVersion(major: 2, minor: 0, patch: 0)))
        #expect(!host.loads(pluginBuiltAgainst: SDKVersion(major: 0, minor: 3, patch: 0)))
    }

    @Test func versionsOrderByMajorThenMinorThenPatch() {
        let sorted = ["2.0.0", "1.10.0", "1.2.10", "1.2.9"].compactMap(SDKVersion.init).sorted()
        #expect(sorted.map(\.description) == ["1.2.9", "1.2.10", "1.10.0", "2.0.0"])
    }

    @Test func theEntrySymbolIsNamedAfterTheMajor() {
        #expect(TrellisSDKInterface.entrySymbol == "trellis_plugin_entry_v\(TrellisSDKInterface.release.major)")
    }
}
