import AgeFormat
import Foundation

/// One vector of the age testkit (Fixtures/age-testkit, C2SP CCTV): a textual header of
/// `key: value` lines, an empty line, then the age file (zlib-compressed when it says so).
struct TestVector: CustomStringConvertible, Sendable {
    let name: String
    let expect: String
    let payloadHash: String?
    let identities: [String]
    let passphrases: [String]
    let armored: Bool
    let file: [UInt8]

    var description: String { name }

    static let directory = Bundle.module.url(forResource: "Fixtures/age-testkit/testdata", withExtension: nil)!

    /// Every vector this implementation must pass: those needing post-quantum keys are left out.
    static let applicable: [TestVector] = {
        let names = try! FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        return names.map { try! TestVector(name: $0) }.filter { vector in
            !vector.identities.contains { $0.hasPrefix("AGE-SECRET-KEY-PQ-") }
        }
    }()

    init(name: String) throws {
        self.name = name
        let contents = [UInt8](try Data(contentsOf: TestVector.directory.appendingPathComponent(name)))
        var fields: [(String, String)] = []
        var offset = 0
        while true {
            let end = contents[offset...].firstIndex(of: 0x0A)!
            let line = String(decoding: contents[offset..<end], as: UTF8.self)
            offset = end + 1
            if line.isEmpty { break }
            let parts = line.split(separator: ":", maxSplits: 1)
            fields.append((String(parts[0]), parts[1].trimmingCharacters(in: .whitespaces)))
        }
        func values(_ key: String) -> [String] { fields.filter { $0.0 == key }.map(\.1) }
        expect = values("expect")[0]
        payloadHash = values("payload").first
        identities = values("identity")
        passphrases = values("passphrase")
        armored = values("armored").first == "yes"
        let body = Array(contents[offset...])
        file = values("compressed").first == "zlib" ? try Zlib.inflate(body) : body
    }

    /// The identities the vector names, parsed by the implementation under test.
    func ageIdentities() throws -> [AgeIdentity] {
        try identities.map { try AgeIdentity(parsing: $0) } + passphrases.map { AgeIdentity.passphrase($0) }
    }
}
