import Foundation
import Synchronization

extension PluginLoader {
    /// Plugin files read in parallel: helper threads take the next file to read
    /// from a shared counter, and so does the thread that finishes the reading, so
    /// that reading started ahead uses the cores the caller leaves free, then all.
    final class FileReading: @unchecked Sendable {
        private let files: [String]
        private let allowedFolders: [String]?
        private let realFolders: [String: String]
        private let hostToolchain: String?
        /// Each file's slot is written by the one thread that took its index.
        private let results: UnsafeMutableBufferPointer<PluginFile?>
        private let next = Atomic<Int>(0)
        private let finished = Atomic<Int>(0)
        private let allFinished = DispatchSemaphore(value: 0)

        /// Starts reading `files` on helper threads, one fewer than the cores: the
        /// thread that calls ``finish()`` is the last.
        init(files: [String], allowedFolders: [String]?, realFolders: [String: String], hostToolchain: String?) {
            (self.files, self.allowedFolders, self.realFolders, self.hostToolchain) = (files, allowedFolders, realFolders, hostToolchain)
            results = .allocate(capacity: files.count)
            results.initialize(repeating: nil)
            let helpers = min(max(ProcessInfo.processInfo.activeProcessorCount - 1, 1), 7, files.count - 1)
            // Each helper holds this object until it has no file left to take.
            for _ in 0..<helpers { DispatchQueue.global().async { [self] in readUntilNoneLeft() } }
        }

        private func readUntilNoneLeft() {
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < files.count else { return }
                results[index] = try? PluginLoader.read(files[index], allowedFolders: allowedFolders, realFolders: realFolders,
                                                        hostToolchain: hostToolchain)
                if finished.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue == files.count { allFinished.signal() }
            }
        }

        /// Reads what is left on this thread too, waits for the files other threads
        /// took, and returns the files that could be read.
        func finish() -> [PluginFile] {
            readUntilNoneLeft()
            if finished.load(ordering: .acquiring) < files.count { allFinished.wait() }
            return results.compactMap { $0 }
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }
    }
}
