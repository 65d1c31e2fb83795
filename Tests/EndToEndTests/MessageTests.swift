import Foundation
import Testing
import TrellisTestSupport

/// Messages that point at the fix: a name that is a slip gets "did you mean"; a
/// plugin's own mistakes are said to be the plugin's.
struct MessageTests {
    @Test(arguments: [
        (
            #"{ "main": { "plugin": "MainScren", "children": { "next": "next" } }, "next": { "plugin": "NextScreen" } }"#,
            #"Did you mean "MainScreen"?"#
        ),
        (
            #"{ "main": { "plugin": "MainScreen", "children": { "next": "nxt" } }, "next": { "plugin": "NextScreen" } }"#,
            #"Did you mean "next"?"#
        ),
        (#"{ "main": { "plugn": "MainScreen" } }"#, #"Did you mean "plugin"?"#),
        (
            #"{ "main": { "plugin": "MainScreen", "children": { "next": "next", "nxet": "next" } }, "next": { "plugin": "NextScreen" } }"#,
            #"does not declare (its slots are next). Did you mean "next"?"#
        ),
    ])
    func aSlipInAConfigGetsDidYouMean(routes: String, words: String) throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(["validate", try folder.writeConfig(routes: routes).path])

        #expect(result.status == 2)
        #expect(result.stderr.contains(words), "\(result.stderr)")
    }

    private func parent(_ mistake: String, in folder: TemporaryFolder) throws -> URL {
        try folder.writeConfig(
            routes: """
                { "main": { "plugin": "TestParent", "parameters": { "mistake": "\(mistake)" }, "children": { "child": "child" } },
                  "child": { "plugin": "NextScreen" } }
                """)
    }

    @Test func aSlotTheCodeAsksForButTheManifestDoesNotDeclareIsThePluginsBug() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try parent("undeclaredSlot", in: folder).path, "--headless", "--size", "140x20"],
            input: "tap Open\nexpect This screen could not be shown\nprint\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(#"plugin TestParent asked for slot "chlid", which its manifest does not declare"#))
        #expect(
            result.stdout.contains(#"Did you mean "child"?"#) && result.stdout.contains("This is a bug in the plugin"))
    }

    @Test func aChildAttachedButNeverShownIsSaid() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try parent("attachWithoutShowing", in: folder).path, "--headless"],
            input: "tap Open\nwait 0.1\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                #"route "main" attached route "child" (plugin NextScreen) but never showed its view"#),
            "\(result.stderr)")
    }

    @Test func backTellsTheParentWhichSlotsChildItLeft() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try parent("none", in: folder).path, "--headless"],
            input: "tap Open\nexpect Close\nkey esc\nexpect Parent; closed child\n")

        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aChildThatIsShownIsNotSaid() throws {
        let folder = try TemporaryFolder()
        let result = try TrellisProcess.run(
            ["run", try parent("none", in: folder).path, "--headless"],
            input: "tap Open\nexpect Close\nwait 0.1\n")

        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("never showed"))
    }
}

/// A route's parameters are checked against those its plugin's manifest declares.
struct TypedParameterTests {
    @Test func aParameterOfTheWrongTypeIsAnErrorBeforeTheAppStarts() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes:
                #"{ "main": { "plugin": "TestScreens", "parameters": { "behaviour": "ticker", "interval_ms": "fast" } } }"#
        )

        let result = try TrellisProcess.run(["run", config.path, "--headless"], input: "")

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "routes.main.parameters.interval_ms must be an integer (plugin TestScreens reads it so)"),
            "\(result.stderr)")
    }

    @Test func aParameterThePluginDoesNotReadIsAWarningWithDidYouMean() throws {
        let folder = try TemporaryFolder()
        let config = try folder.writeConfig(
            routes:
                #"{ "main": { "plugin": "TestScreens", "parameters": { "behaviour": "slowTitle", "interval": 5 } } }"#)

        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 0, "a warning: \(result.stderr)")
        #expect(
            result.stderr.contains("is not a parameter plugin TestScreens reads")
                && result.stderr.contains(#"Did you mean "interval_ms"?"#),
            "\(result.stderr)")
    }
}

/// Many routes with the same unusable plugin: the first are listed, the rest counted.
struct ManyAlikeProblemsTests {
    @Test func thirtyUnusablePluginsListTwentyAndCountTheRest() throws {
        let folder = try TemporaryFolder()
        let routes = (0..<30).map { #""r\#($0)": { "plugin": "bad\#($0).so" }"# }.joined(separator: ", ")
        for index in 0..<30 { try folder.write("not a plugin", to: "bad\(index).so") }
        let config = try folder.write(#"{ "root": "r0", "routes": { \#(routes) } }"#, to: "many.json")

        let result = try TrellisProcess.run(["validate", config.path])

        #expect(result.status == 2)
        #expect(result.stderr.components(separatedBy: "is not a plugin").count - 1 == 20, "\(result.stderr)")
        #expect(result.stderr.contains("10 more routes' plugins cannot be used"))
        #expect(result.stderr.contains("30 errors"))
    }
}
