/// A subscription or other resource that can be released early.
///
/// Disposing twice is harmless; the second call does nothing.
@MainActor
public protocol Disposable: AnyObject {
    /// Releases the resource. Safe to call more than once.
    func dispose()
}

/// A disposable that runs a closure the first time it is disposed.
@MainActor
public final class ActionDisposable: Disposable {
    // Main-actor state that no access overlaps: its exclusivity is not checked at
    // run time (see Router.children).
    @exclusivity(unchecked) private var action: (() -> Void)?

    /// Creates a disposable that runs `action` once, on the first `dispose()`.
    public init(_ action: @escaping () -> Void) {
        self.action = action
    }

    /// Runs the action, once: a second call does nothing.
    public func dispose() {
        let pending = action
        action = nil
        pending?()
    }
}

/// Holds disposables and disposes them all when it is released or told to.
///
/// Adding to a bag that was already disposed disposes the newcomer at once, so a
/// late subscription cannot outlive its owner.
@MainActor
public final class DisposeBag: Disposable {
    @exclusivity(unchecked) private var disposables: [Disposable] = []
    @exclusivity(unchecked) private var isDisposed = false

    /// Creates an empty bag.
    public init() {}

    /// Adds `disposable`, or disposes it at once if the bag is already disposed.
    public func insert(_ disposable: Disposable) {
        guard !isDisposed else {
            disposable.dispose()
            return
        }
        disposables.append(disposable)
    }

    /// Disposes everything in the bag now.
    public func dispose() {
        isDisposed = true
        let held = disposables
        disposables = []
        for disposable in held { disposable.dispose() }
    }

    isolated deinit {
        dispose()
    }
}

extension Disposable {
    /// Hands the disposable to `bag`, which disposes it when the bag goes away.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// Makes disposables, as RxSwift's `Disposables`.
@MainActor
public enum Disposables {
    /// A disposable that does nothing: a placeholder until a real subscription.
    public static func create() -> Disposable {
        ActionDisposable {}
    }

    /// A disposable that runs `dispose` the first time it is disposed.
    public static func create(with dispose: @escaping () -> Void) -> Disposable {
        ActionDisposable(dispose)
    }
}
