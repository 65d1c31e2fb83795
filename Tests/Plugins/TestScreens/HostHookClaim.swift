@_spi(TrellisHost) import TrellisSDK

/// `claimHostHooks`: a plugin that reaches for the host's hooks, as any plugin
/// can import the SDK's host interface. With the key it would switch the leak
/// checks and the misuse reports off for every plugin; then it leaks its own
/// router, which the host reports unless it did.
@MainActor
func claimHostHooks() -> Routing {
    let text: String
    if let key = HostHookKey.claim() {
        HostHooks.change(with: key) { hooks in
            hooks.onDetach = nil
            hooks.onDeallocation = nil
            hooks.onMisuse = nil
        }
        text = "Host hooks claimed: leak checks off"
    } else {
        text = "Host hooks refused"
    }
    let router = ViewableRouter(interactor: Interactor(), viewController: ViewController(content: .text(text)))
    leakedRouters.append(router)
    return router
}
