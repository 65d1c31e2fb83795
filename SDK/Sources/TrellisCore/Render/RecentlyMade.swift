import Synchronization

/// The values made last for a few keys, the most recent first: what a frame
/// makes from a screen's data that the next frame, showing the same data, would
/// make again (rich rows' lines, a table's lines and column widths).
///
/// Keys are compared with `==`: data in the same storage (the array a screen
/// keeps showing) is found equal at once. Equal data in other storage (a screen
/// that made its rows again) is compared whole once, then kept in that storage,
/// so the next frame's check is at once again.
final class RecentlyMade<Key: Equatable & Sendable, Value: Sendable>: Sendable {
    private let limit: Int
    private let entries = Mutex<[(key: Key, value: Value)]>([])

    /// Keeps the values of the last `limit` keys.
    init(keeping limit: Int) {
        self.limit = limit
    }

    /// The value kept for `key`, else the one `make` makes, kept.
    func value(for key: Key, making make: () -> Value) -> Value {
        let kept = entries.withLock { entries -> Value? in
            guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = entries.remove(at: index)
            entries.insert((key, entry.value), at: 0)
            return entry.value
        }
        if let kept { return kept }
        let value = make()
        entries.withLock { entries in
            entries.insert((key, value), at: 0)
            if entries.count > limit { entries.removeLast() }
        }
        return value
    }
}
