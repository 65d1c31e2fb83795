import Glibc

/// The socket a server listens on: bound anew, or one kept across a crash.
extension WebServer {
    /// `descriptor` if it is a socket that listens, else `nil`.
    static func listeningSocket(_ descriptor: Int32) -> Int32? {
        var listens: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &listens, &size) == 0, listens == 1 else { return nil }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        return descriptor
    }

    /// A new socket bound to `address:port`, listening.
    package static func listen(address: String, port: Int) throws(WebServerError) -> Int32 {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var found: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &found) == 0, let info = found else {
            throw .badAddress(address)
        }
        defer { freeaddrinfo(found) }
        let socket = Glibc.socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { throw .system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socket, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            close(socket)
            throw code == EADDRINUSE ? .portInUse(port) : .system("bind \(address):\(port)", code)
        }
        guard Glibc.listen(socket, 128) == 0 else {
            close(socket)
            throw .system("listen", errno)
        }
        return socket
    }
}

/// Why `trellis serve` could not listen.
public enum WebServerError: Error, Equatable, CustomStringConvertible {
    case badAddress(String)
    case portInUse(Int)
    case system(String, Int32)

    public var description: String {
        switch self {
        case let .badAddress(address): "--bind \(address) is not an IP address (for example 127.0.0.1 or ::1)"
        case let .portInUse(port): "port \(port) is in use; give another with --port, or 0 for any free one"
        case let .system(call, code): "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}
