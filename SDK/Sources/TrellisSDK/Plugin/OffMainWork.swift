internal import Synchronization

/// How many ``offMainActor(isolation:_:)`` calls are under way in the process,
/// counted from any thread; the host reads it through
/// ``HostHooks/offMainWorkUnderWay``.
enum OffMainWork {
    private static let count = Atomic<Int>(0)

    static func began() {
        count.add(1, ordering: .relaxed)
    }

    static func ended() {
        count.subtract(1, ordering: .releasing)
    }

    static var underWay: Int { count.load(ordering: .acquiring) }
}
