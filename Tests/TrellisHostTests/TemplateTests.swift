import Testing

@testable import TrellisHost

/// `trellis new`'s templates: names, sections, lists and the lines a section's
/// tags stand on; a damaged template is an error naming its file and line.
struct TemplateTests {
    private func render(_ source: String, _ values: [String: Template.Value]) throws -> String {
        try Template(source, file: "t.template").render(values)
    }

    @Test func aNameIsReplacedByItsText() throws {
        #expect(
            try render("final class {{name}}Router {}\n", ["name": .text("Counter")])
                == "final class CounterRouter {}\n")
    }

    @Test func aSectionIsKeptForATrueFlagAndAnInvertedOneForAFalseFlag() throws {
        let source = "{{#viewless}}no view{{/viewless}}{{^viewless}}a view{{/viewless}}"
        #expect(try render(source, ["viewless": .flag(true)]) == "no view")
        #expect(try render(source, ["viewless": .flag(false)]) == "a view")
    }

    @Test func aListRepeatsItsSectionWithEachItemsNames() throws {
        let slots: Template.Value = .list([
            ["slot": .text("details"), "last": .flag(false)], ["slot": .text("history"), "last": .flag(true)],
        ])
        let source = "[{{#slots}}\"{{slot}}\"{{^last}}, {{/last}}{{/slots}}] of {{name}}"
        #expect(
            try render(source, ["slots": slots, "name": .text("Counter")]) == #"["details", "history"] of Counter"#)
        #expect(try render("{{^slots}}none{{/slots}}", ["slots": .list([])]) == "none")
    }

    @Test func aLineHoldingOnlyASectionTagIsLeftOutWhole() throws {
        let source = "products: [\n    one,\n    {{#viewless}}\n    host,\n    {{/viewless}}\n]\n"
        #expect(try render(source, ["viewless": .flag(true)]) == "products: [\n    one,\n    host,\n]\n")
        #expect(try render(source, ["viewless": .flag(false)]) == "products: [\n    one,\n]\n")
    }

    @Test(arguments: [
        ("{{nme}}", "t.template:1: {{nme}} names nothing `trellis new` fills in"),
        ("a\n{{#viewless}}\nb", "t.template: the section {{#viewless}} is never closed"),
        ("a\nb {{/viewless}}", "t.template:2: {{/viewless}} closes no open section"),
        ("{{#viewless}}{{/name}}", "t.template:1: {{/name}} closes a section opened as {{#viewless}}"),
        ("x {{name", "t.template:1: a {{ is never closed with }}"),
        ("{{a b}}", "t.template:1: {{a b}} is not a name"),
        ("{{#slots}}{{slots}}{{/slots}}", "t.template:1: {{slots}} is a flag or a list, not text"),
        (String(repeating: "{{#viewless}}", count: 9), "t.template:1: sections nest deeper than 8"),
    ])
    func aDamagedTemplateIsAnErrorNamingItsFileAndLine(source: String, message: String) {
        #expect {
            _ = try render(source, ["name": .text("N"), "viewless": .flag(true), "slots": .list([[:]])])
        } throws: { error in
            (error as? Template.Failure)?.message == message
        }
    }
}
