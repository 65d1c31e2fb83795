@_exported import ChromiumDriver
import Foundation

extension ChromiumPage {
    /// Keeps a picture of the page in `.build/test-artifacts/NAME.png`, and gives its size in bytes.
    @discardableResult
    public func screenshot(_ name: String) throws -> Int {
        try screenshot(name, in: Products.repository.appendingPathComponent(".build/test-artifacts"))
    }
}
