import Glibc

/// The one place for the retry on `EINTR`, as swift-nio's
/// `syscall(blocking:where:_:)`: a call that a signal interrupted before it did
/// anything is made again.
public enum SystemCall {
    /// The result of `call`, made again while it fails with `EINTR`; `errno` is
    /// what its last run left.
    @inline(__always)
    public static func retrying<Result: SignedInteger>(_ call: () -> Result) -> Result {
        while true {
            let result = call()
            guard result < 0, errno == EINTR else { return result }
        }
    }
}
