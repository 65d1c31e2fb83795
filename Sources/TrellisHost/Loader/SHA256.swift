import Glibc

/// SHA-256 of a file, from the system's libcrypto (OpenSSL 3), found at run time
/// with `dlopen`, so building Trellis needs nothing new. Where no libcrypto is
/// found, a route that pins its plugin cannot be checked and is refused.
enum SHA256 {
    private typealias DigestFunction =
        @convention(c) (
            UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?,
            UnsafeMutablePointer<UInt32>?, OpaquePointer?, OpaquePointer?
        ) -> Int32
    private typealias AlgorithmFunction = @convention(c) () -> OpaquePointer?

    private static let library: (digest: DigestFunction, sha256: AlgorithmFunction)? = {
        for name in ["libcrypto.so.3", "libcrypto.so"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL),
                let digest = dlsym(handle, "EVP_Digest"), let sha256 = dlsym(handle, "EVP_sha256")
            else { continue }
            return (unsafeBitCast(digest, to: DigestFunction.self), unsafeBitCast(sha256, to: AlgorithmFunction.self))
        }
        return nil
    }()

    /// Whether hashes can be computed here.
    static var isAvailable: Bool { library != nil }

    /// The hash of `bytes` as 64 lowercase hex digits, or `nil` without libcrypto.
    static func hex(of bytes: [UInt8]) -> String? {
        guard let library else { return nil }
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        let ok = bytes.withUnsafeBytes {
            library.digest($0.baseAddress, $0.count, &digest, &length, library.sha256(), nil)
        }
        guard ok == 1, length == 32 else { return nil }
        return digest.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined()
    }

    /// The hash of the file at `path`, at most 1 GiB, or `nil`.
    static func hex(ofFileAt path: String) -> String? {
        guard let bytes = try? RegularFile.read(path, limit: 1 << 30) else { return nil }
        return hex(of: bytes)
    }
}
