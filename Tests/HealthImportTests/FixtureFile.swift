import Foundation
import Testing

/// Reads a file from this target's `Fixtures` folder, copied into the test bundle.
enum FixtureFile {
    static func bytes(_ path: String) throws -> [UInt8] {
        let folder = try #require(Bundle.module.resourceURL).appendingPathComponent("Fixtures")
        return Array(try Data(contentsOf: folder.appendingPathComponent(path)))
    }
}
