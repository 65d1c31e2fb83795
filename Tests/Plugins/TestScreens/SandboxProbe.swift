import Foundation
import TrellisSDK

/// `trySandbox`: a plugin that reaches outside its own files. It reads the
/// file `read`, writes the file `write`, opens a network socket and starts a
/// process, and shows each attempt's outcome (`read: ok`, `write: denied (…)`).
@MainActor
func trySandbox(read: String?, write: String?) -> Routing {
    var lines: [String] = []
    func outcome(_ result: Int32) -> String {
        result >= 0 ? "ok" : "denied (\(String(cString: strerror(errno))))"
    }
    if let read {
        let descriptor = open(read, O_RDONLY)
        lines.append("read: \(outcome(descriptor))")
        if descriptor >= 0 { close(descriptor) }
    }
    if let write {
        let descriptor = open(write, O_WRONLY | O_CREAT, 0o600)
        lines.append("write: \(outcome(descriptor))")
        if descriptor >= 0 { close(descriptor) }
    }
    let network = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    lines.append("network: \(outcome(network))")
    if network >= 0 { close(network) }
    var child: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawn(&child, "/bin/true", nil, nil, argv, nil)
    if spawned == 0 { waitpid(child, nil, 0) }
    lines.append("process: \(spawned == 0 ? "ok" : "denied (\(String(cString: strerror(spawned))))")")
    return ViewableRouter(
        interactor: Interactor(), viewController: ViewController(content: .text(lines.joined(separator: "\n"))))
}
