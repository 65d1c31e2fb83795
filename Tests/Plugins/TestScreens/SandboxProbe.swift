import Foundation
import TrellisSDK

/// `trySandbox`: a plugin that reaches outside its own files. It reads the
/// file `read`, writes the file `write`, opens a network socket, opens its
/// terminal, forks a hundred times (a fork bomb's start) and starts a process,
/// and shows each attempt's outcome (`read: ok`, `write: denied (…)`).
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
    // A terminal of its own to read or write: none in a session of its own.
    let terminal = open("/dev/tty", O_RDWR)
    lines.append(terminal >= 0 ? "terminal: ok" : "terminal: none (\(String(cString: strerror(errno))))")
    if terminal >= 0 { close(terminal) }
    // A fork bomb's first hundred forks; each child ends at once.
    var forked = 0
    var refusal = ""
    for _ in 0..<100 {
        let pid = fork()
        if pid == 0 { _exit(0) }
        guard pid > 0 else {
            refusal = " (\(String(cString: strerror(errno))))"
            break
        }
        forked += 1
        waitpid(pid, nil, 0)
    }
    lines.append("forks: \(forked) of 100\(refusal)")
    var child: pid_t = 0
    let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
    defer { argv.forEach { free($0) } }
    let spawned = posix_spawn(&child, "/bin/true", nil, nil, argv, nil)
    if spawned == 0 { waitpid(child, nil, 0) }
    lines.append("process: \(spawned == 0 ? "ok" : "denied (\(String(cString: strerror(spawned))))")")
    return ViewableRouter(
        interactor: Interactor(), viewController: ViewController(content: .text(lines.joined(separator: "\n"))))
}
