import Foundation
import TrellisSDK

/// `floodChannel` and `malformedChannel`: a plugin in a process of its own
/// that writes to the process's channel to the app itself (descriptor 3), as
/// hostile code could. Shows `Writing to the channel`; a moment later it writes,
/// from the main thread, well-formed notices without end (a flood), or one
/// message that is not JSON.
@MainActor
func abuseChannel(flood: Bool) -> Routing {
    DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
        let channel: Int32 = 3
        func frame(_ json: String) -> [UInt8] {
            let count = UInt32(json.utf8.count)
            return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
                + Array(json.utf8)
        }
        let message = flood ? frame(#"{"notice":{"_0":"flood"}}"#) : frame("this is not JSON")
        repeat {
            // Until the app ends this process.
            guard message.withUnsafeBytes({ write(channel, $0.baseAddress, $0.count) }) > 0 else { break }
        } while flood
    }
    return ViewableRouter(
        interactor: Interactor(), viewController: ViewController(content: .text("Writing to the channel")))
}
