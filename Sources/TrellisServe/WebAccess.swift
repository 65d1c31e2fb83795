import Foundation
import Glibc
import TrellisPlatform

/// Who may use the app `trellis serve` serves: a page that has the secret token
/// (from the address `serve` prints, as Jupyter's), through an address the server
/// is bound to.
///
/// The token is never a cookie: a browser sends a cookie of 127.0.0.1 to every
/// server on 127.0.0.1, whatever its port (RFC 6265 §8.5), so any local server a
/// tab visits would read it. The page keeps it in its origin's `localStorage`,
/// which a browser keeps apart by port, and sends it with what needs it.
///
/// The rules, each refused with 403 (RFC 6455 §10, and Jupyter's token auth):
/// - the WebSocket (what drives the app) and the plugins' pictures need the
///   token in the query; the page's own files (the same for every server) do not;
/// - a wrong token is refused wherever it is given;
/// - the token compared in constant time;
/// - `Host` must name the bound address or `localhost`, with the port, so a DNS
///   name rebound to 127.0.0.1 cannot reach it;
/// - a WebSocket's `Origin` must be the page's own (`http://` and that host);
/// - no CORS header is ever sent.
package struct WebAccess: Sendable {
    /// The secret: 32 random bytes as 64 hex digits.
    package let token: String
    /// The address bound (`127.0.0.1`, `::1`, or one `--bind` gave).
    package let address: String
    package let port: Int
    /// The hosts a request may name: the bound address and `localhost`, each with
    /// the port; for a wildcard address (`0.0.0.0`, `::`), each address of this
    /// machine's interfaces and its host name.
    package let allowedHosts: [String]

    package init(token: String, address: String, port: Int) {
        self.token = token
        self.address = address
        self.port = port
        let addresses =
            ["0.0.0.0", "::"].contains(address) ? Self.interfaceAddresses(ipv6: address == "::") : [address]
        var names = addresses.map { $0.contains(":") ? "[\($0)]" : $0 } + ["localhost"]
        if ["0.0.0.0", "::"].contains(address), let name = Self.hostName() { names.append(name.lowercased()) }
        // A browser leaves port 80 out of Host and Origin.
        allowedHosts = names.map { "\($0):\(port)" } + (port == 80 ? names : [])
    }

    /// A fresh token, from the system's generator (the kernel's `getrandom`,
    /// cryptographically secure on Linux).
    package static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
            .map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The addresses of this machine's interfaces: IPv4, and IPv6 too when `ipv6`.
    private static func interfaceAddresses(ipv6: Bool) -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return ["127.0.0.1"] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        var next = first
        while let interface = next {
            next = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || (ipv6 && family == AF_INET6) else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            // A link-local IPv6 address's zone (`%eth0`) is not part of a Host field.
            let name = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
            addresses.append(String(name.prefix { $0 != "%" }).lowercased())
        }
        return Array(Set(addresses)).sorted()
    }

    private static func hostName() -> String? {
        var name = [CChar](repeating: 0, count: 256)
        guard gethostname(&name, name.count) == 0 else { return nil }
        let text = String(decoding: name.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
        return text.isEmpty ? nil : text
    }

    /// Why `request` is refused, or `nil` when it may go on: a bad `Host`, a wrong
    /// token, or no token where `needsToken`.
    package func refusal(of request: HTTPRequest, needsToken: Bool) -> String? {
        guard let host = request.header("Host"), request.count(of: "Host") == 1,
            allowedHosts.contains(host.lowercased())
        else {
            // Not the list of what would do: with `--bind 0.0.0.0` it names every
            // address and the host name, to anyone who asks.
            return "the Host field must name this server as the address `trellis serve` printed does"
        }
        if let given = request.query("token") {
            return Self.isSame(given, token)
                ? nil : "this is not the token of this server: open the address `trellis serve` printed"
        }
        return needsToken ? "open the address `trellis serve` printed, with its token" : nil
    }

    /// Why a WebSocket upgrade is refused beyond ``refusal(of:)``: its `Origin`
    /// must be the page's.
    package func originRefusal(of request: HTTPRequest) -> String? {
        guard let origin = request.header("Origin"), request.count(of: "Origin") == 1,
            allowedHosts.map({ "http://" + $0 }).contains(origin.lowercased())
        else { return "a WebSocket from another origin" }
        return nil
    }

    /// Whether `given` is `secret`, in time that depends on their lengths only.
    static func isSame(_ given: String, _ secret: String) -> Bool {
        let left = Array(given.utf8)
        let right = Array(secret.utf8)
        var difference = UInt8(left.count == right.count ? 0 : 1)
        for index in 0..<right.count {
            difference |= (index < left.count ? left[index] : 0) ^ right[index]
        }
        return difference == 0
    }
}

/// The WebSocket handshake's server side (RFC 6455 §4.2).
package enum WebSocketHandshake {
    /// The GUID the accept key is made with.
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// The 101 response that opens a WebSocket for `request`, or why it cannot
    /// (as a status and a message).
    package static func response(to request: HTTPRequest) -> Result<HTTPResponse, HandshakeRefusal> {
        guard request.method == "GET", request.version == "HTTP/1.1",
            request.header("Upgrade")?.lowercased() == "websocket",
            request.header("Connection")?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == "upgrade"
            }) == true
        else { return .failure(HandshakeRefusal(status: .badRequest, message: "not a WebSocket upgrade")) }
        guard request.header("Sec-WebSocket-Version") == "13" else {
            return .failure(HandshakeRefusal(status: .upgradeRequired, message: "WebSocket version 13 only"))
        }
        guard let key = request.header("Sec-WebSocket-Key"), Data(base64Encoded: key)?.count == 16 else {
            return .failure(HandshakeRefusal(status: .badRequest, message: "no 16-byte Sec-WebSocket-Key"))
        }
        guard let accept = acceptKey(for: key) else {
            return .failure(
                HandshakeRefusal(
                    status: .serviceUnavailable, message: "no libcrypto.so.3 (OpenSSL 3) here for the handshake"))
        }
        return .success(
            HTTPResponse(
                status: .switchingProtocols,
                headers: [("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Accept", accept)]))
    }

    /// `Sec-WebSocket-Accept` for `key`: base64 of the SHA-1 of the key and the GUID.
    package static func acceptKey(for key: String) -> String? {
        LibCrypto.digest(of: Array((key + guid).utf8), .sha1).map { Data($0).base64EncodedString() }
    }
}

/// Why a WebSocket upgrade is refused.
package struct HandshakeRefusal: Error, Equatable {
    package var status: HTTPStatus
    package var message: String
}
