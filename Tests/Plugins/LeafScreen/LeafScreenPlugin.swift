import TrellisSDK

/// The plugin's entry: the host looks this symbol up and calls it once.
@_cdecl("trellis_plugin_entry_v1")
public func trellisPluginEntry() -> UnsafeMutableRawPointer {
    exportPlugin { LeafScreenPlugin() }
}

/// The benchmark's screen: what its naive builder builds (a router, an interactor
/// and a view showing the title the parent passes), written as a RIB with the SDK,
/// so that building it through a slot measures what Trellis adds.
final class LeafScreenPlugin: TrellisPlugin {
    func makeBuilder() -> ScreenBuildable {
        LeafBuilder()
    }
}

final class LeafBuilder: ScreenBuildable {
    func build(with context: ScreenContext) throws -> Routing {
        let view = LeafViewController(title: try context.parameter("title", as: String.self) ?? "Leaf")
        let interactor = LeafInteractor(presenter: view)
        interactor.listener = context.listener
        return ViewableRouter(interactor: interactor, viewController: view)
    }
}

@MainActor
protocol LeafPresentable: Presentable {
    func showTitle()
}

final class LeafInteractor: PresentableInteractor<LeafPresentable> {
    weak var listener: ScreenListener?

    /// Shows the title once active, as the naive builder's activation closure does.
    override func didBecomeActive() {
        presenter.showTitle()
    }
}

final class LeafViewController: ViewController, LeafPresentable {
    private let text: String

    init(title: String) {
        text = title
        super.init()
    }

    func showTitle() {
        content = .text(text)
    }
}
