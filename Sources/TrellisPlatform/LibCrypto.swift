import Glibc

/// Digests from the system's libcrypto (OpenSSL 3), found at run time with
/// `dlopen`, so building Trellis needs nothing new: SHA-256 for plugin pins,
/// SHA-1 for the WebSocket handshake (RFC 6455 §4.2.2). Where no libcrypto is
/// found, a route that pins its plugin cannot be checked and is refused, and
/// `trellis serve` says it cannot run.
package enum LibCrypto {
    private typealias DigestFunction =
        @convention(c) (
            UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?,
            UnsafeMutablePointer<UInt32>?, OpaquePointer?, OpaquePointer?
        ) -> Int32
    private typealias AlgorithmFunction = @convention(c) () -> OpaquePointer?

    /// A digest libcrypto computes: its function's name and its length in bytes.
    package enum Algorithm {
        case sha1, sha256

        package var length: Int { self == .sha1 ? 20 : 32 }
    }

    private static let library: (digest: DigestFunction, sha1: AlgorithmFunction, sha256: AlgorithmFunction)? = {
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL), let digest = dlsym(handle, "EVP_Digest"),
                let sha1 = dlsym(handle, "EVP_sha1"), let sha256 = dlsym(handle, "EVP_sha256")
            else { continue }
            return (
                unsafeBitCast(digest, to: DigestFunction.self), unsafeBitCast(sha1, to: AlgorithmFunction.self),
                unsafeBitCast(sha256, to: AlgorithmFunction.self)
            )
        }
        return nil
    }()

    /// Whether digests can be computed here.
    package static var isAvailable: Bool { library != nil }

    /// The `algorithm` digest of `bytes`, or `nil` without libcrypto.
    package static func digest(of bytes: [UInt8], _ algorithm: Algorithm) -> [UInt8]? {
        guard let library else { return nil }
        let kind = algorithm == .sha1 ? library.sha1 : library.sha256
        var digest = [UInt8](repeating: 0, count: algorithm.length)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes { library.digest($0.baseAddress, $0.count, &digest, &length, kind(), nil) }
        guard ok == 1, Int(length) == algorithm.length else { return nil }
        return digest
    }
}

/// SHA-256 of a file, for plugin pins.
package enum SHA256 {
    /// Whether hashes can be computed here.
    package static var isAvailable: Bool { LibCrypto.isAvailable }

    /// The hash of `bytes` as 64 lowercase hex digits, or `nil` without libcrypto.
    package static func hex(of bytes: [UInt8]) -> String? {
        LibCrypto.digest(of: bytes, .sha256)?.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    /// The hash of the file at `path`, at most 1 GiB, or `nil`.
    package static func hex(ofFileAt path: String) -> String? {
        guard let bytes = try? RegularFile.read(path, limit: 1 << 30) else { return nil }
        return hex(of: bytes)
    }
}
