import TrellisSDK

/// Counter's view: its content is set from the count, each time it changes.
final class CounterViewController: ViewController {
    private let heading: String

    init(title: String) {
        heading = title
        super.init()
    }

    func show(count: Int) {
        content = .vstack([
            .title(heading),
            .text("Count: \(count)"),
            .hstack([.button("Add"), .button("Details"), .button("History")]),
        ])
    }
}
