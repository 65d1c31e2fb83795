import Glibc
import Testing
import TrellisHost

struct SystemCallTests {
    @Test func aCallInterruptedBySignalsIsMadeAgainAndAnotherFailureIsReturned() {
        var calls = 0
        let result = SystemCall.retrying { () -> Int in
            calls += 1
            guard calls > 2 else {
                errno = EINTR
                return -1
            }
            return 5
        }
        #expect(result == 5 && calls == 3)

        calls = 0
        let failed = SystemCall.retrying { () -> Int32 in
            calls += 1
            errno = EBADF
            return -1
        }
        #expect(failed == -1 && calls == 1 && errno == EBADF)
    }
}
