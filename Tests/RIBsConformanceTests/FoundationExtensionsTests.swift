import Testing
import TrellisSDK

/// Counterpart of RIBs-iOS's `FoundationExtensionsTests`.
struct FoundationExtensionsTests {
    private final class Object {}

    @Test func test_removeElementByReference() {
        let object1 = Object()
        let object2 = Object()
        let object3 = Object()

        var array = [object1, object2]
        #expect(array.count == 2)

        array.removeElementByReference(object1)
        #expect(array.count == 1)

        array.removeElementByReference(object3)
        #expect(array.count == 1)

        array.removeElementByReference(object2)
        #expect(array.isEmpty)
    }
}
