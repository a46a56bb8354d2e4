import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

/// The hand-written fixture folders (see Fixtures/README.md).
enum Fixtures {
    static let root = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!.path

    static func path(_ relative: String) -> String { root + "/" + relative }

    static func bytes(_ relative: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path(relative))!) }

    /// The zone the fixtures' local times are read in: +01:00 in January and March 2024.
    static let paris = TimeZone(identifier: "Europe/Paris")!

    /// `2024-01-15T06:30:00+01:00` → the instant.
    static func instant(_ text: String) -> Timestamp { try! ISO8601.parse(text, localOffset: 0).timestamp }
}
