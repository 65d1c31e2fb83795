import Foundation
import Glibc

/// Which build of each of its plugin files a route's process started with: the
/// file's inode, size and time of change, which a rebuild (a new file renamed
/// into place) changes.
package struct PluginFileStamps: Equatable {
    private var stamps: [String: [Int]] = [:]

    package init(_ files: [URL]) {
        for file in files {
            var status = stat()
            guard stat(file.path, &status) == 0 else { continue }
            stamps[file.path] = [
                Int(status.st_ino), Int(status.st_size), status.st_mtim.tv_sec, status.st_mtim.tv_nsec,
            ]
        }
    }
}
