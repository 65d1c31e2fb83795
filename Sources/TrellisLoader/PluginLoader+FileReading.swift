import Foundation
import Synchronization

extension PluginLoader {
    /// Plugin files read in parallel: helper threads take the next file to read
    /// from a shared counter, and so does the thread that finishes the reading, so
    /// that reading started ahead uses the cores the caller leaves free, then all.
    ///
    /// The helpers are threads of their own, joined before ``finish()`` returns:
    /// none is left running Swift code when `validate` forks a child to build a
    /// route. A fork copies a runtime lock that another thread holds as held, and the
    /// child then waits on it forever (seen once in the benchmark: the child stopped
    /// in the generic metadata cache, locked by a queue's thread that was freeing
    /// this object).
    final class FileReading: @unchecked Sendable {
        private let files: [String]
        private let allowedFolders: [String]?
        private let realFolders: [String: String]
        private let hostToolchain: String?
        private let checksEntry: Bool
        /// Each file's slot is written by the one thread that took its index; the
        /// joins make every slot visible to the thread that finishes.
        private let results: UnsafeMutableBufferPointer<PluginFile?>
        private let next = Atomic<Int>(0)
        private var helpers: [pthread_t] = []

        /// Starts reading `files` on helper threads, one fewer than the cores: the
        /// thread that calls ``finish()`` is the last.
        package init(
            files: [String], allowedFolders: [String]?, realFolders: [String: String], hostToolchain: String?,
            checksEntry: Bool
        ) {
            (self.files, self.allowedFolders, self.realFolders, self.hostToolchain) = (
                files, allowedFolders, realFolders, hostToolchain
            )
            self.checksEntry = checksEntry
            results = .allocate(capacity: files.count)
            results.initialize(repeating: nil)
            let count = min(max(ProcessInfo.processInfo.activeProcessorCount - 1, 1), 7, files.count - 1)
            // Not retained: the helpers are joined in `finish()`, or in `deinit`
            // at the latest, before this object goes.
            let reading = Unmanaged.passUnretained(self).toOpaque()
            for _ in 0..<max(count, 0) {
                var thread = pthread_t()
                let started = pthread_create(
                    &thread, nil,
                    { reading in
                        Unmanaged<FileReading>.fromOpaque(reading!)._withUnsafeGuaranteedRef { $0.readUntilNoneLeft() }
                        return nil
                    }, reading)
                // A helper that could not start leaves its files to the others.
                if started == 0 { helpers.append(thread) }
            }
        }

        private func readUntilNoneLeft() {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                results[index] = try? PluginLoader.read(
                    files[index], allowedFolders: allowedFolders, realFolders: realFolders,
                    hostToolchain: hostToolchain, checksEntry: checksEntry)
            }
        }

        /// Reads what is left on this thread too, waits for the helpers to end, and
        /// returns the files that could be read.
        package func finish() -> [PluginFile] {
            readUntilNoneLeft()
            joinHelpers()
            return results.compactMap { $0 }
        }

        private func joinHelpers() {
            for thread in helpers { pthread_join(thread, nil) }
            helpers = []
        }

        deinit {
            joinHelpers()
            results.deinitialize()
            results.deallocate()
        }
    }
}
