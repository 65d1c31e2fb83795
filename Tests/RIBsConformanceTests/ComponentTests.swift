import Testing
import TrellisSDK

/// Counterparts of RIBs-iOS's `ComponentTests`.
@MainActor
struct ComponentTests {
    @Test func test_shared() {
        let component = TestComponent(dependency: EmptyComponent())
        #expect(component.share === component.share, "Should have returned same shared object")
        #expect(component.share2 === component.share2)
        #expect(component.share !== component.share2)
        #expect(component.callCount == 3)
    }

    @Test func test_shared_optional() {
        let component = TestComponent(dependency: EmptyComponent())
        #expect(component.optionalShare === component.expectedOptionalShare, "Should have returned same shared object")
    }
}

private final class SharedObject {}

private protocol ClassProtocol: AnyObject {}

private final class ClassProtocolImpl: ClassProtocol {}

private final class TestComponent: Component<EmptyComponent> {
    private(set) var callCount = 0
    let expectedOptionalShare: ClassProtocol? = ClassProtocolImpl()

    var share: SharedObject {
        callCount += 1
        return shared { SharedObject() }
    }

    var share2: SharedObject {
        shared { SharedObject() }
    }

    var optionalShare: ClassProtocol? {
        shared { self.expectedOptionalShare }
    }
}
