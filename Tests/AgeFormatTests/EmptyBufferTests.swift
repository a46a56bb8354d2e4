import AgeFormat
import Foundation
import Testing

/// A read into an empty buffer takes nothing and returns 0, as read(2) does, whatever the
/// stream: an empty buffer may have no address, and the readers unwrapped it (a crash).
@Suite struct EmptyBufferTests {
    static var nowhere: UnsafeMutableRawBufferPointer { UnsafeMutableRawBufferPointer(start: nil, count: 0) }
    let identity = AgeIdentity.generateX25519()

    @Test(arguments: [false, true])
    func theReaderTakesNothingThenReadsOnAsBefore(armored: Bool) throws {
        let plaintext = patterned(AgeFormat.chunkSize + 5)
        let file = try encrypt(plaintext, to: [identity.recipient!], armored: armored)
        let reader = try AgeReader(input: AgeMemoryInput(file), identities: [identity])
        #expect(try reader.read(into: Self.nowhere) == 0)
        let output = AgeMemoryOutput()
        try reader.decrypt(to: output)
        #expect(output.bytes == plaintext)
    }

    @Test func theArmorTakesNothingThenDecodesOnAsBefore() throws {
        let file = try encrypt(patterned(100), to: [identity.recipient!], armored: true)
        let armor = AgeArmorInput(AgeMemoryInput(file))
        #expect(try armor.read(into: Self.nowhere) == 0)
        let binary = try encrypt(patterned(100), to: [identity.recipient!])
        var decoded: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64)
        while case let count = try chunk.withUnsafeMutableBytes({ try armor.read(into: $0) }), count > 0 { decoded += chunk[..<count] }
        #expect(decoded.count == binary.count)
        #expect(try decrypt(decoded, with: [identity]) == patterned(100))
    }

    @Test func aFileInputTakesNothingFromAnEmptyBuffer() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("empty-buffer-\(UUID().uuidString)").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let input = try AgeFileInput(path: path)
        #expect(try input.read(into: Self.nowhere) == 0)
        var bytes = [UInt8](repeating: 0, count: 8)
        #expect(try bytes.withUnsafeMutableBytes { try input.read(into: $0) } == 3)
        #expect(bytes.prefix(3) == [1, 2, 3])
    }
}
