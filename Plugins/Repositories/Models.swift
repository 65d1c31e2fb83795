import Glibc
import TrellisSDK

struct Repository: Equatable, Sendable {
    let id: Int
    let owner: String
    let name: String
    let desc: String
    var isPinned: Bool
}

/// Seed 004's reactive data store: one model, shared by the scenes that show it,
/// in both directions.
@MainActor
final class ReactiveDataStore<T> {
    let store: BehaviorRelay<T>

    var value: T { store.value }

    init(_ data: T) {
        store = BehaviorRelay(value: data)
    }

    func update(_ data: T) {
        store.accept(data)
    }

    func asObservable() -> Observable<T> {
        store.asObservable()
    }
}

/// Fetches the repositories. The demo has no network: it waits as long as a short
/// request would, reads its bundled list off the main actor, and counts its fetches
/// so the list can show that going back does not fetch again.
@MainActor
final class RepositoryWorker {
    /// How long the pretend request takes: long enough to see `Loading…`.
    nonisolated static let latencyMicroseconds: UInt32 = 300_000

    private(set) var fetchCount = 0
    /// The ids pinned before a live swap, which replace the bundled pins; `nil`
    /// for the bundled ones.
    private let pinned: Set<Int>?

    init(pinned: Set<Int>? = nil) {
        self.pinned = pinned
    }

    func fetchRepositories() async throws -> [Repository] {
        fetchCount += 1
        // A request blocks a thread for its latency; off the main actor it may.
        let repositories = try await offMainActor {
            usleep(RepositoryWorker.latencyMicroseconds)
            return RepositoryWorker.bundled
        }
        guard let pinned else { return repositories }
        return repositories.map { repository in
            var repository = repository
            repository.isPinned = pinned.contains(repository.id)
            return repository
        }
    }

    private nonisolated static var bundled: [Repository] {
        [
            Repository(id: 1, owner: "uber", name: "RIBs", desc: "Cross-platform mobile architecture", isPinned: true),
            Repository(
                id: 2, owner: "ReactiveX", name: "RxSwift", desc: "Reactive Programming in Swift", isPinned: false),
            Repository(
                id: 3, owner: "GeekTree0101", name: "RxCleanSwift", desc: "Clean Swift with RxSwift", isPinned: false),
            Repository(
                id: 4, owner: "swiftlang", name: "swift", desc: "The Swift Programming Language", isPinned: false),
        ]
    }
}
