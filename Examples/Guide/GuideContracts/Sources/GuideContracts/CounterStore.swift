import TrellisSDK

/// The count, shared by Counter and the screens below it: Counter provides it,
/// Details requires it. Both plugins link this library, so both see one type.
@MainActor
public final class CounterStore {
    /// The count now, and every change to it.
    public let count: BehaviorRelay<Int>

    public init(count: Int) {
        self.count = BehaviorRelay(value: count)
    }
}

/// The dependencies of the guide's plugins, by the names their manifests use.
public enum GuideDependency {
    /// Provided by Counter (`"provides": ["counterStore"]`), required by Details.
    public static let counterStore = DependencyKey<CounterStore>("counterStore")
}
