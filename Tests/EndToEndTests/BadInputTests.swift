import Foundation
import Testing
import TrellisTestSupport

/// Bad input gives exit code 2 and a message naming the problem, never a crash.
struct BadInputTests {
    private func run(config text: String, _ extra: [String] = []) throws -> ProcessResult {
        let folder = try TemporaryFolder()
        let config = try folder.write(text, to: "app.json")
        return try TrellisProcess.run(["run", config.path, "--headless"] + extra, input: "print\n")
    }

    private let plugins = "\"plugins\": [\"\(Products.directory.path)\"]"

    /// A type-ahead limit the session cannot use is refused, not ignored.
    @Test(arguments: ["abc", "-1", "1e9", ""])
    func aBadTypeAheadLimitIsRefusedWithWhatItMustBe(value: String) throws {
        let result = try TrellisProcess.run(
            ["TRELLIS_TYPEAHEAD_SECONDS=\(value)", Products.trellis.path, "run", "--headless"],
            input: "print\n", executable: URL(fileURLWithPath: "/usr/bin/env"))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("TRELLIS_TYPEAHEAD_SECONDS must be a number of seconds from 0 to 3600"),
            "\(result.stderr)")
    }

    @Test func aMissingPluginNamesTheRouteAndTheFoldersSearched() throws {
        let result = try run(
            config: "{ \(plugins), \"root\": \"main\", \"routes\": { \"main\": { \"plugin\": \"Ghost\" } } }")

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "route \"main\" (routes.main.plugin): plugin \"Ghost\" not found: looked in \(Products.directory.path)")
        )
        #expect(result.stdout.isEmpty)
    }

    @Test func aMalformedConfigNamesTheFileLineAndColumn() throws {
        let result = try run(
            config: "{\n  \"root\": \"main\",\n  \"routes\": { \"main\": { \"plugin\": MainScreen } }\n}")

        #expect(result.status == 2)
        #expect(
            result.stderr.contains("app.json:3:35: not valid JSON: expected a value (strings need double quotes)."),
            "\(result.stderr)")
    }

    @Test func aSlotNoRouteBindsNamesTheSlotAndWhereToBindIt() throws {
        let result = try run(
            config: "{ \(plugins), \"root\": \"main\", \"routes\": { \"main\": { \"plugin\": \"MainScreen\" } } }")

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "plugin MainScreen attaches slot \"next\", which routes.main.children does not bind."))
    }

    @Test func anUnknownKeyADanglingRouteAndACycleAreNamed() throws {
        let unknown = try run(
            config:
                "{ \(plugins), \"root\": \"main\", \"routes\": { \"main\": { \"plugin\": \"MainScreen\", \"kids\": {} } } }"
        )
        let dangling = try run(
            config:
                "{ \(plugins), \"root\": \"main\", \"routes\": { \"main\": { \"plugin\": \"MainScreen\", \"children\": { \"next\": \"nxt\" } } } }"
        )
        let cycle = try run(
            config:
                "{ \(plugins), \"root\": \"main\", \"routes\": { \"main\": { \"plugin\": \"MainScreen\", \"children\": { \"next\": \"main\" } } } }"
        )

        #expect([unknown.status, dangling.status, cycle.status] == [2, 2, 2])
        #expect(unknown.stderr.contains("routes.main.kids is not a known key"))
        #expect(dangling.stderr.contains("routes.main.children.next names route \"nxt\""))
        #expect(cycle.stderr.contains("the routes form a cycle: main → main"))
    }

    @Test func aRootPluginThatThrowsStopsWithItsMessage() throws {
        let result = try run(
            config: """
                { \(plugins), "root": "main", "routes": { "main": { "plugin": "TestScreens", "parameters": { "behaviour": "nope" } } } }
                """)

        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "route \"main\": plugin TestScreens failed to build its screen: unknown behaviour \"nope\""),
            "\(result.stderr)")
    }

    @Test func aParameterOfAnotherTypeThanTheManifestSaysStopsBeforeTheStart() throws {
        let result = try run(
            config: """
                { \(plugins), "root": "main", "routes": {
                  "main": { "plugin": "MainScreen", "children": { "next": "next" }, "parameters": { "title": 42 } },
                  "next": { "plugin": "NextScreen" } } }
                """)

        #expect(result.status == 2)
        #expect(result.stderr.contains("routes.main.parameters.title must be a string (plugin MainScreen reads it so)"))
    }

    @Test func aMissingConfigAndBadUsageExitTwo() throws {
        let missing = try TrellisProcess.run(["run", "/nowhere/app.json", "--headless"])
        let option = try TrellisProcess.run(["run", "--frobnicate"])
        let size = try TrellisProcess.run(["run", "--size", "big"])
        let command = try TrellisProcess.run(["launch"])

        #expect(
            missing.status == 2 && missing.stderr.contains("/nowhere/app.json: cannot read the config: no such file"))
        #expect(option.status == 2 && option.stderr.contains("unknown option \"--frobnicate\""))
        #expect(size.status == 2 && size.stderr.contains("--size must be COLSxROWS"))
        #expect(command.status == 2 && command.stderr.contains("unknown command \"launch\""))
    }

    @Test func aBadScriptNamesTheFileAndLine() throws {
        let folder = try TemporaryFolder()
        let script = try folder.write("print\npress the button\n", to: "bad.trellis")
        let result = try TrellisProcess.run(["run", "--headless", "--script", script.path])

        #expect(result.status == 2)
        #expect(result.stderr.contains("bad.trellis:2: unknown command \"press\""))
        #expect(result.stdout.isEmpty, "a script is checked whole before it runs")
    }
}
