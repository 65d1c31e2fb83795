import Testing
import TrellisHost

@testable import TrellisCore

struct ScriptCommandTests {
    @Test func parsesCommandsAndArguments() throws {
        #expect(try ScriptCommand.parse("tap Click Button", line: 1) == .tap("Click Button"))
        #expect(try ScriptCommand.parse("  expect-not   Now is  ", line: 1) == .expectNot("Now is"))
        #expect(try ScriptCommand.parse("type \" two words \"", line: 1) == .type(" two words "))
        #expect(try ScriptCommand.parse("key ESC", line: 1) == .key(.escape))
        #expect(try ScriptCommand.parse("tree", line: 1) == .tree)
    }

    @Test func skipsBlankLinesAndComments() throws {
        #expect(try ScriptCommand.parse("   ", line: 1) == nil)
        #expect(try ScriptCommand.parse("# a comment", line: 1) == nil)
    }

    @Test func rejectsUnknownCommandsKeysAndMissingArguments() {
        let error = #expect(throws: ScriptSyntaxError.self) { try ScriptCommand.parse("press x", line: 4) }
        #expect(error?.line == 4)
        #expect(throws: ScriptSyntaxError.self) { try ScriptCommand.parse("key f13", line: 1) }
        #expect(throws: ScriptSyntaxError.self) { try ScriptCommand.parse("tap", line: 1) }
        #expect(throws: ScriptSyntaxError.self) { try ScriptCommand.parse("print now", line: 1) }
    }

    @Test func aByteOrderMarkIsBlank() throws {
        #expect(try ScriptCommand.parse("\u{FEFF}print", line: 1) == .print)
        #expect(try ScriptCommand.parse("\u{FEFF}", line: 1) == nil)
    }

    @Test func aCombiningMarkRightAfterTheSpaceIsPartOfTheArgument() throws {
        #expect(try ScriptCommand.parse("type \u{301}e", line: 1) == .type("\u{301}e"))
    }

    @Test func aWaitIsDecimalSeconds() throws {
        #expect(try ScriptCommand.parse("wait 0.25", line: 1) == .wait(.milliseconds(250)))
        for text in ["wait 0x10", "wait 1e3", "wait -1", "wait inf", "wait 1_0"] {
            #expect(throws: ScriptSyntaxError.self, "\(text)") { try ScriptCommand.parse(text, line: 1) }
        }
    }
}
