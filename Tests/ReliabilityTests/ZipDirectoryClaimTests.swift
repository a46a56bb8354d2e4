import Foundation
import Testing
import TestSupport

/// A zip's end record says how large its central directory is; the reader believed it up to
/// 2 GB. Before, a 266-byte export.zip claiming a 2 GB directory made `import apple-health`
/// allocate and zero 2 GB (peak 1,995,988 KB) before it called the zip damaged.
@Suite struct ZipDirectoryClaimTests {
    /// A local header's signature (so the file reads as a zip), zeros, and an end record
    /// claiming `directorySize` bytes of directory at offset 0: 266 bytes in all.
    static func claimingZip(directorySize: UInt32) -> [UInt8] {
        var bytes: [UInt8] = [0x50, 0x4B, 0x03, 0x04] + [UInt8](repeating: 0, count: 240)
        func append(_ value: UInt32, bytes count: Int) {
            for index in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt32(index)))) }
        }
        append(0x0605_4B50, bytes: 4)
        append(0, bytes: 2)  // this disk
        append(0, bytes: 2)  // the directory's disk
        append(1, bytes: 2)  // entries here
        append(1, bytes: 2)  // entries in all
        append(directorySize, bytes: 4)
        append(0, bytes: 4)  // the directory's offset
        append(0, bytes: 2)  // comment length
        return bytes
    }

    @Test func aDirectoryLargerThanTheFileIsRefusedWithoutAllocatingIt() throws {
        let vault = try CLIVault()
        let zip = vault.root + "/export.zip"
        let bytes = Self.claimingZip(directorySize: 0x7FFF_0000)
        #expect(bytes.count == 266)
        FileManager.default.createFile(atPath: zip, contents: Data(bytes))
        let empty = vault.root + "/empty"
        FileManager.default.createFile(atPath: empty, contents: Data())
        let result = try MeasuredRun.run(
            ["import", "apple-health", zip, "--vault", vault.path, "--passphrase-file", vault.passphraseFile], stdinFile: empty)
        #expect(result.status != 0)
        #expect(result.stderr.contains("central directory is missing or damaged"), "\(result.stderr)")
        #expect(result.peakMemory < 300 << 20, "peak \(result.peakMemory >> 20) MiB for a 266-byte zip")
        #expect(try vault.rawEvents().isEmpty)
    }
}
