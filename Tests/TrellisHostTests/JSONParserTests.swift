import Testing
import TrellisSDK

@testable import TrellisHost

struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#"{"a": [1, -2.5e1, true, false, null], "b": "x\n\u00e9\ud83d\ude00"}"#)
        #expect(
            value
                == .object([
                    "a": .array([.number(1), .number(-25), .bool(true), .bool(false), .null]),
                    "b": .string("x\né😀"),
                ]))
    }

    @Test func rejectsDuplicateKeysAndTrailingText() {
        #expect(throws: JSONSyntaxError(line: 1, column: 10, reason: "the key \"a\" appears twice")) {
            try JSONParser.parse(#"{"a": 1, "a": 2}"#)
        }
        let trailing = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("{} x") }
        #expect(trailing?.column == 4)
    }

    @Test func reportsAnUnclosedString() {
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("[\"abc") }
        #expect(error?.reason == "a string is not closed")
    }
}
