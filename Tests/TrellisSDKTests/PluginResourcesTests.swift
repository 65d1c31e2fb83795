import Testing
import TrellisSDK

private final class Marker {}

/// `PluginResources` finds the library a class is defined in from the process's
/// own mappings, and a resource folder beside it only if there is one.
struct PluginResourcesTests {
    @Test func theLibraryIsTheImageThatDefinesTheClassAndAMissingFolderIsNil() {
        let resources = PluginResources(of: Marker.self, target: "NoSuchTarget")
        #expect(resources.library?.hasSuffix(".xctest") == true, "\(resources.library ?? "nil")")
        #expect(resources.folder == nil)
        #expect(resources.path(of: "anything.txt") == nil)
    }

    @Test func aNameThatClimbsOutOfTheFolderIsRefused() {
        let resources = PluginResources(of: Marker.self, target: "AirportSearch")
        #expect(
            resources.folder?.hasSuffix("_AirportSearch.resources") == true,
            "the build folder holds the Airports plugin's resources")
        #expect(resources.path(of: "airports.tsv") != nil)
        #expect(resources.path(of: "../Trellis_AirportSearch.resources/airports.tsv") == nil)
    }
}
