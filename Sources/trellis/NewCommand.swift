import Foundation
import TrellisCore
import TrellisHost
import TrellisSDK

/// `trellis new NAME [--in DIR] [--slot NAME]... [--viewless] [--sdk DIR]`: writes a
/// plugin package outside the Trellis repository, as RIBs' Xcode templates do: a
/// Builder, Component, Interactor, Router and view, a test, a config that binds it
/// (each slot to a placeholder child) and a README with its three commands.
struct NewCommand {
    let arguments: [String]

    func run() throws -> ExitStatus {
        let parsed = try Arguments(arguments, command: Commands.new)
        if parsed.wantsHelp {
            print(Help.new)
            return .success
        }
        guard let name = try parsed.singlePositional(command: "new", name: "plugin name") else {
            throw CommandError.usage("give the plugin's name, for example `trellis new Counter`.", help: "new")
        }
        guard Self.isTypeName(name) else {
            throw CommandError.usage(
                "\"\(name)\" is not a plugin name: use up to 64 letters and digits, starting with a "
                    + "capital letter (it names the Swift types), for example Counter or CityDetails.", help: "new")
        }
        guard !Self.takenNames.contains(name) else {
            throw CommandError.usage(
                "\"\(name)\" is the name of a module the plugin's package imports or links "
                    + "(\(Self.takenNames.sorted().joined(separator: ", "))), so its package would not build; choose another, "
                    + "for example \(name)Screen.", help: "new")
        }
        let slots = parsed.allValues("--slot")
        for slot in slots where !Self.isSlotName(slot) {
            throw CommandError.usage(
                "slot \"\(slot)\" is not a slot name: use letters and digits, starting with a "
                    + "lowercase letter, for example details.", help: "new")
        }
        guard Set(slots).count == slots.count else { throw CommandError.usage("each --slot once.", help: "new") }
        let viewless = parsed.has("--viewless")
        let sdk = try Self.sdkFolder(parsed.value("--sdk"))
        let parent = URL(fileURLWithPath: parsed.value("--in") ?? FileManager.default.currentDirectoryPath)
            .standardizedFileURL
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), !isFolder.boolValue {
            throw CommandError(
                message: "--in \(parent.path) is a file, not a folder; give the folder to write the package in.")
        }
        let package = parent.appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: package.path) else {
            throw CommandError(message: "\(package.path) exists already; choose another name or folder (--in DIR).")
        }
        let files = PluginTemplate(
            name: name, slots: viewless && slots.isEmpty ? ["content"] : slots, viewless: viewless,
            sdk: sdk, trellis: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        ).files
        do {
            for (path, text) in files {
                let file = package.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
            }
        } catch {
            throw CommandError(message: "cannot write \(package.path): \(error.userMessage)")
        }
        print(
            """
            Wrote \(package.path) (\(files.count) files). In it:
              swift build                 builds lib\(name).so
              swift test                  runs its tests
              \(URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path) run config.json
            """.escapingControlCharacters)
        return .success
    }

    /// Module names a plugin's package cannot take: its target would shadow, or
    /// collide with, a module it builds with.
    static let takenNames: Set<String> = [
        "SDK", "TrellisSDK", "TrellisTesting", "TrellisManifest", "Swift", "Foundation",
        "Glibc", "Dispatch", "XCTest", "Testing", "PackageDescription",
    ]

    static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("A"..."Z").contains(first), name.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    static func isSlotName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, ("a"..."z").contains(first), name.count <= 64 else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
        }
    }

    /// The SDK package: `--sdk`, else the one installed with this `trellis`
    /// (`PREFIX/share/trellis/SDK` beside `PREFIX/bin/trellis`, Scripts/install),
    /// else the one in the repository it was built in
    /// (`<repository>/.build/<triple>/<configuration>/trellis`).
    static func sdkFolder(_ given: String?) throws -> URL {
        if let given {
            let folder = URL(fileURLWithPath: given).standardizedFileURL
            guard FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) else {
                throw CommandError(
                    message: "--sdk \(folder.path) holds no Package.swift; give the Trellis SDK's folder.")
            }
            return folder
        }
        var folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            for candidate in [folder.appendingPathComponent("share/trellis/SDK"), folder.appendingPathComponent("SDK")]
            where FileManager.default.fileExists(atPath: candidate.appendingPathComponent("Package.swift").path) {
                return candidate
            }
            folder = folder.deletingLastPathComponent()
        }
        throw CommandError(
            message: "this trellis was not built in a Trellis repository, so it cannot find the SDK; "
                + "give its folder with --sdk DIR (the SDK folder of a Trellis checkout).")
    }
}

/// The files of a new plugin package, by path.
struct PluginTemplate {
    let name: String
    let slots: [String]
    let viewless: Bool
    let sdk: URL
    let trellis: URL

    private var route: String { name.prefix(1).lowercased() + name.dropFirst() }
    /// SwiftPM names a path dependency after its folder.
    private var sdkPackage: String { sdk.lastPathComponent }
    private var entry: String { TrellisSDKInterface.entrySymbol }

    var files: [(String, String)] {
        var files = [
            ("Package.swift", packageManifest), ("README.md", readme), ("config.json", config),
            (".gitignore", ".build/\n.swiftpm/\n"),
            (
                "Sources/\(name)/trellis-plugin.json",
                manifest(
                    name: name, summary: "What \(name) shows.", slots: slots,
                    parameters: viewless ? [:] : ["title": "string"])
            ),
            ("Sources/\(name)/\(name)Plugin.swift", plugin(name)),
            ("Sources/\(name)/\(name)Builder.swift", builder),
            ("Sources/\(name)/\(name)Interactor.swift", interactor),
            ("Sources/\(name)/\(name)Router.swift", router),
            ("Tests/\(name)Tests/\(name)Tests.swift", tests),
        ]
        if viewless {
            files += [
                (
                    "Sources/\(name)Host/trellis-plugin.json",
                    manifest(
                        name: "\(name)Host", summary: "Shows \(name), which has no view of its own.",
                        slots: ["embedded"])
                ),
                ("Sources/\(name)Host/\(name)HostPlugin.swift", hostPlugin),
            ]
        } else {
            files.append(("Sources/\(name)/\(name)ViewController.swift", viewController))
        }
        return files
    }

    private func json(_ strings: [String]) -> String {
        "[" + strings.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
    }

    private func manifest(name: String, summary: String, slots: [String], parameters: [String: String] = [:]) -> String
    {
        let declared =
            parameters.isEmpty
            ? ""
            : """
            ,
              "parameters": { \(parameters.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")) }
            """
        return """
            {
              "name": "\(name)",
              "version": "0.1.0",
              "summary": "\(summary)",
              "slots": \(json(slots))\(declared)
            }

            """
    }

    private var packageManifest: String {
        let host =
            viewless
            ? """
                    .library(name: "\(name)Host", type: .dynamic, targets: ["\(name)Host"]),

            """ : ""
        let hostTarget =
            viewless
            ? """
                    .target(name: "\(name)Host", dependencies: [sdk], exclude: ["trellis-plugin.json"], plugins: [manifest]),

            """ : ""
        return """
            // swift-tools-version:6.2
            import PackageDescription

            // A Trellis screen plugin. It reaches the SDK by path, through the SDK's dynamic
            // product, so the host and this plugin share one libTrellisSDK.so at run time.
            // SwiftPM names a path dependency after its folder: "\(sdkPackage)".
            let sdk = Target.Dependency.product(name: "TrellisSDK", package: "\(sdkPackage)")
            // Compiles trellis-plugin.json, with the SDK's release, into the library.
            let manifest = Target.PluginUsage.plugin(name: "TrellisManifest", package: "\(sdkPackage)")
            // Builds a screen in the test's process and drives it (the SDK's testing kit).
            let testing = Target.Dependency.product(name: "TrellisTesting", package: "\(sdkPackage)")

            let package = Package(
                name: "\(name)",
                products: [
                    .library(name: "\(name)", type: .dynamic, targets: ["\(name)"]),
            \(host)    ],
                dependencies: [
                    .package(path: "\(sdk.path)"),
                ],
                targets: [
                    .target(name: "\(name)", dependencies: [sdk], exclude: ["trellis-plugin.json"], plugins: [manifest]),
            \(hostTarget)        .testTarget(name: "\(name)Tests", dependencies: ["\(name)", sdk, testing]),
                ]
            )

            """
    }

    private func plugin(_ type: String) -> String {
        """
        import TrellisSDK

        /// The plugin's entry: the host looks this symbol up and calls it once.
        @_cdecl("\(entry)")
        public func trellisPluginEntry() -> UnsafeMutableRawPointer {
            exportPlugin { \(type)Plugin() }
        }

        /// Hands the host \(type)'s builder.
        final class \(type)Plugin: TrellisPlugin {
            func makeBuilder() -> ScreenBuildable {
                \(type)Builder(dependency: EmptyComponent())
            }
        }

        """
    }

    private var builder: String {
        let slotLets = slots.map { "\($0)Builder: context.slot(\"\($0)\")" }
        let routerArguments =
            (viewless
                ? ["interactor: interactor", "hostView: hostView"]
                : ["interactor: interactor", "viewController: viewController"]) + slotLets
        let body =
            viewless
            ? """
                    // No view of its own: the parent gives one to show the children in.
                    guard let hostView = context.hostView else { throw \(name)BuildError.noHostView }
                    let interactor = \(name)Interactor()
                    interactor.listener = context.listener
                    return \(name)Router(\(routerArguments.joined(separator: ", ")))
            """
            : """
                    let component = \(name)Component(dependency: dependency, title: try context.parameter("title", as: String.self) ?? "\(name)")
                    // Close asks the parent to dismiss this screen: offered only when there is one.
                    let viewController = \(name)ViewController(title: component.title, slots: \(json(slots)), closes: context.listener != nil)
                    let interactor = \(name)Interactor(presenter: viewController)
                    interactor.listener = context.listener
                    return \(name)Router(\(routerArguments.joined(separator: ", ")))
            """
        let error =
            viewless
            ? """

            /// Why \(name) cannot be built.
            enum \(name)BuildError: Error, CustomStringConvertible {
                case noHostView

                var description: String {
                    "\(name) has no view of its own: attach it with a slot's build(listener:parameters:hostView:)"
                }
            }

            """ : ""
        let component =
            viewless
            ? ""
            : """

            /// \(name)'s scope: what it is built with, and what it makes once and shares
            /// with its children (`shared { }`).
            final class \(name)Component: Component<EmptyDependency> {
                let title: String

                init(dependency: EmptyDependency, title: String) {
                    self.title = title
                    super.init(dependency: dependency)
                }
            }

            """
        return """
            import TrellisSDK
            \(component)\(error)
            /// Builds \(name)'s RIB from a route's context: its parameters, its listener (the
            /// parent's interactor) and its slots, which the route config binds.
            final class \(name)Builder: Builder<EmptyDependency>, ScreenBuildable {
                func build(with context: ScreenContext) throws -> Routing {
            \(body)
                }
            }

            """
    }

    private var interactor: String {
        let routing = slots.map { "    func routeTo\(Self.capitalized($0))()" }.joined(separator: "\n")
        if viewless {
            return """
                import TrellisSDK

                /// What \(name)'s interactor asks of its router.
                @MainActor
                protocol \(name)Routing: Routing {
                \(routing)
                }

                /// \(name)'s logic. It has no view; it is its children's listener.
                final class \(name)Interactor: Interactor, ScreenListener {
                    weak var router: \(name)Routing?
                    weak var listener: ScreenListener?

                    // MARK: ScreenListener: what a child tells \(name)

                    /// Back from the child shown: \(name) goes back too.
                    func screenDidRequestDismiss() {
                        listener?.screenDidRequestDismiss()
                    }
                }

                """
        }
        let taps = slots.map { slot in
            """
                    presenter.taps("Open \(slot)")
                        .bind { [weak self] in self?.router?.routeTo\(Self.capitalized(slot))() }
                        .disposeOnDeactivate(interactor: self)
            """
        }.joined(separator: "\n")
        let detaches =
            slots.isEmpty ? "" : "\n" + slots.map { "    func detach\(Self.capitalized($0))()" }.joined(separator: "\n")
        let slotCases = slots.map { "        case \"\($0)\": router?.detach\(Self.capitalized($0))()" }.joined(
            separator: "\n")
        let dismiss =
            slots.isEmpty
            ? """
                func screenDidRequestDismiss() {}
            """
            : """
                /// A child asked to go: dismiss whichever is shown.
                func screenDidRequestDismiss() {
                    router?.detachChildren()
                }

                /// The user went back from the child in `slot`: close that one.
                func screenDidRequestDismiss(slot: String) {
                    switch slot {
            \(slotCases)
                    default: router?.detachChildren()
                    }
                }
            """
        return """
            import TrellisSDK

            /// What \(name)'s interactor asks of its router.
            @MainActor
            protocol \(name)Routing: ViewableRouting {
            \(routing)\(detaches)
                func detachChildren()
            }

            /// \(name)'s logic: it hears its view's actions and tells its router and its
            /// listener (the parent's interactor) what to do.
            final class \(name)Interactor: PresentableInteractor<ViewController>, ScreenListener {
                weak var router: \(name)Routing?
                weak var listener: ScreenListener?

                override func didBecomeActive() {
                    super.didBecomeActive()
                    presenter.taps("Close")
                        .bind { [weak self] in self?.listener?.screenDidRequestDismiss() }
                        .disposeOnDeactivate(interactor: self)
            \(taps)
                }

                // MARK: ScreenListener: what a child tells \(name)

            \(dismiss)
            }

            """
    }

    private var router: String {
        let slotProperties = slots.map {
            "    private let \($0)Builder: ChildSlot\n    private var \($0)Router: ViewableRouting?"
        }
        .joined(separator: "\n")
        let slotParameters = slots.map { ", \($0)Builder: ChildSlot" }.joined()
        let slotAssignments = slots.map { "        self.\($0)Builder = \($0)Builder" }.joined(separator: "\n")
        if viewless {
            let first = slots[0]
            let routes = slots.map { slot in
                """
                    func routeTo\(Self.capitalized(slot))() {
                        show(\(slot)Builder.build(listener: interactor))
                    }
                """
            }.joined(separator: "\n\n")
            return """
                import TrellisSDK

                /// \(name)'s router: no view of its own, it shows one child at a time in
                /// its parent's view.
                final class \(name)Router: Router<\(name)Interactor>, \(name)Routing {
                    private let hostView: ViewControllable
                    private var current: ViewableRouting?
                \(slots.map { "    private let \($0)Builder: ChildSlot" }.joined(separator: "\n"))

                    init(interactor: \(name)Interactor, hostView: ViewControllable\(slotParameters)) {
                        self.hostView = hostView
                \(slotAssignments)
                        super.init(interactor: interactor)
                        interactor.router = self
                    }

                    /// The first child is shown as soon as \(name) is attached.
                    override func didLoad() {
                        super.didLoad()
                        routeTo\(Self.capitalized(first))()
                    }

                \(routes)

                    private func show(_ child: ViewableRouting) {
                        if let current {
                            detachChild(current)
                        }
                        current = child
                        attachChild(child)
                        hostView.viewController.embed(child.viewControllable)
                    }
                }

                """
        }
        let routes = slots.map { slot in
            """
                func routeTo\(Self.capitalized(slot))() {
                    guard \(slot)Router == nil else { return }
                    let child = \(slot)Builder.build(listener: interactor)
                    \(slot)Router = child
                    attachChild(child)
                    viewController.present(child.viewControllable)
                }

                func detach\(Self.capitalized(slot))() {
                    guard let child = \(slot)Router else { return }
                    viewController.dismiss(child.viewControllable)
                    \(slot)Router = nil
                    detachChild(child)
                }
            """
        }.joined(separator: "\n\n")
        let detachAll = slots.map { "        detach\(Self.capitalized($0))()" }.joined(separator: "\n")
        return """
            import TrellisSDK

            /// \(name)'s router: it attaches the children the config binds to its slots,
            /// presenting each child's view over its own, and detaches them.
            final class \(name)Router: ViewableRouter<\(name)Interactor, \(name)ViewController>, \(name)Routing {
            \(slotProperties)

                \(slots.isEmpty ? "override " : "")init(interactor: \(name)Interactor, viewController: \(name)ViewController\(slotParameters)) {
            \(slotAssignments)
                    super.init(interactor: interactor, viewController: viewController)
                    interactor.router = self
                }

            \(routes)

                func detachChildren() {
            \(detachAll)
                }
            }

            """
    }

    private var viewController: String {
        """
        import TrellisSDK

        /// \(name)'s view: its title, a button for each slot, and Close.
        final class \(name)ViewController: ViewController {
            init(title: String, slots: [String], closes: Bool) {
                let buttons: [ViewNode] = slots.map { .button("Open \\($0)") } + (closes ? [.button("Close")] : [])
                super.init(content: .vstack([.title(title)] + buttons))
            }
        }

        """
    }

    private var hostPlugin: String {
        """
        import TrellisSDK

        @_cdecl("\(entry)")
        public func trellisPluginEntry() -> UnsafeMutableRawPointer {
            exportPlugin { \(name)HostPlugin() }
        }

        final class \(name)HostPlugin: TrellisPlugin {
            func makeBuilder() -> ScreenBuildable {
                \(name)HostBuilder(dependency: EmptyComponent())
            }
        }

        /// A screen that shows \(name), a RIB with no view, in its own view: what the
        /// config's root needs to run it.
        final class \(name)HostBuilder: Builder<EmptyDependency>, ScreenBuildable {
            func build(with context: ScreenContext) throws -> Routing {
                let view = ViewController(content: .text("\(name)"))
                let interactor = \(name)HostInteractor()
                let router = ViewableRouter(interactor: interactor, viewController: view)
                let child = context.slot("embedded").build(listener: interactor, parameters: [:], hostView: view)
                router.attachChild(child)
                return router
            }
        }

        final class \(name)HostInteractor: Interactor, ScreenListener {
            func screenDidRequestDismiss() {}
        }

        """
    }

    private var tests: String {
        let builder = "\(name)Builder(dependency: EmptyComponent())"
        let slotCheck: String
        if slots.isEmpty {
            slotCheck = ""
        } else if viewless {
            slotCheck = """


                    @Test func eachSlotIsBuiltWithTheInteractorAsItsListener() async throws {
                        let screen = try ScreenTester(\(builder), route: "\(route)", hostView: ViewController())
                        #expect(screen.slots.builds.map(\\.slot) == ["\(slots[0])"])
                        #expect(screen.slots.builds.first?.listener === screen.router.interactable)
                        try await screen.expect("\(slots[0]) slot")
                    }
                """
        } else {
            slotCheck = """


                    @Test func eachSlotIsBuiltWithTheInteractorAsItsListener() async throws {
                        let screen = try ScreenTester(\(builder), route: "\(route)")
                        try screen.tap("Open \(slots[0])")
                        #expect(screen.slots.builds.map(\\.slot) == ["\(slots[0])"])
                        #expect(screen.slots.builds.first?.listener === screen.router.interactable)
                        try await screen.expect("\(slots[0]) slot")

                        try screen.back()
                        try await screen.expectNot("\(slots[0]) slot")
                        #expect(screen.router.children.isEmpty)
                    }
                """
        }
        let viewCheck =
            viewless
            ? """
                @Test func itNeedsAHostView() {
                    #expect(throws: \(name)BuildError.self) {
                        try ScreenTester(\(builder), route: "\(route)")
                    }
                }
            """
            : """
                @Test func itShowsTheTitleItIsGiven() throws {
                    let screen = try ScreenTester(\(builder), route: "\(route)", parameters: ["title": "Hello"])
                    #expect(screen.lines == \(json(["Hello"] + slots.map { "[ Open \($0) ]" } + ["[ Close ]"])))
                }

                @Test func closeAsksItsParentToDismissIt() throws {
                    let screen = try ScreenTester(\(builder), route: "\(route)")
                    try screen.tap("Close")
                    #expect(screen.listener.dismissRequests.count == 1)
                }

                @Test func itIsDeallocatedAfterItIsDetached() async throws {
                    let screen = try ScreenTester(\(builder), route: "\(route)")
                    try await screen.expectDeallocatedAfterDetach()
                }
            """
        return """
            import Testing
            import TrellisSDK
            import TrellisTesting
            @testable import \(name)

            /// \(name) built from its builder and driven with Trellis's testing kit: its
            /// slots are fakes that record what was built, its parent a recording listener.
            @MainActor
            struct \(name)Tests {
            \(viewCheck)\(slotCheck)
            }

            """
    }

    private var config: String {
        let rootRoute = viewless ? "\(route)Host" : route
        var routes: [String] = []
        if viewless {
            routes.append(
                #"    "\#(rootRoute)": { "plugin": "\#(name)Host", "children": { "embedded": "\#(route)" } }"#)
        }
        let children = slots.map { #""\#($0)": "\#($0)""# }.joined(separator: ", ")
        routes.append(#"    "\#(route)": { "plugin": "\#(name)", "children": { \#(children) } }"#)
        for slot in slots {
            // A placeholder child: Trellis's Next screen, found beside the trellis that runs this.
            routes.append(
                #"    "\#(slot)": { "plugin": "NextScreen", "parameters": { "title": "The \#(slot) slot: bind your own plugin here" } }"#
            )
        }
        return """
            {
              "plugins": [".build/debug", "@host"],
              "root": "\(rootRoute)",
              "routes": {
            \(routes.joined(separator: ",\n"))
              }
            }

            """
    }

    private var readme: String {
        """
        # \(name)

        A Trellis screen plugin\(viewless ? " with no view of its own (\(name)Host shows it)" : "")\(slots.isEmpty ? "" : ", with the slots \(slots.joined(separator: ", "))").

            swift build
            swift test
            \(trellis.path) run config.json

        `config.json` binds \(name) as the root\(slots.isEmpty ? "" : "; each slot shows a placeholder (Trellis's Next screen) until you bind a plugin of your own").
        The SDK comes from \(sdk.path).

        """
    }

    private static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }
}
