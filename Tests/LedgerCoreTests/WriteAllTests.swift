import Foundation
import Glibc
import PropertyBased
import Testing
@testable import LedgerCore

/// The one write-all loop: every byte arrives once, in order, whatever mix of short writes
/// and interruptions the kernel answers with; a real failure is thrown with its code.
@Suite("Write all")
struct WriteAllTests {
    /// Each step is what one `write(2)` call does: -1 is an `EINTR`, n takes at most n bytes.
    @Test("short writes and EINTR lose, repeat and reorder no byte")
    func shortWritesAndInterruptions() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...2_000), Gen.int(in: -1...97).array(of: 1...20)) { bytes, drawn in
            // Steps that are all interruptions would interrupt for ever, which no kernel does:
            // one write in the round lets the loop move on.
            let steps = drawn.allSatisfy { $0 < 0 } ? drawn + [0] : drawn
            var received: [UInt8] = []
            var call = 0
            let outcome = Result { () throws(SystemCallFailure) in
                try WriteAll.write(bytes) { rest in
                    let step = steps[call % steps.count]
                    call += 1
                    if step < 0 {
                        errno = EINTR
                        return -1
                    }
                    let taken = min(rest.count, step + 1)
                    received.append(contentsOf: rest[..<taken])
                    return taken
                }
            }
            #expect((try? outcome.get()) != nil)
            #expect(received == bytes)
        }
    }

    @Test("a failed write throws its errno, one that writes nothing throws ENOSPC")
    func failures() {
        let bytes: [UInt8] = [1, 2, 3]
        #expect(throws: SystemCallFailure(code: EIO)) {
            try WriteAll.write(bytes) { _ in
                errno = EIO
                return -1
            }
        }
        #expect(throws: SystemCallFailure(code: ENOSPC)) {
            try WriteAll.write(bytes) { _ in 0 }
        }
    }

    @Test("writes of random sizes to a file read back equal")
    func fileRoundTrip() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("write-all-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        await propertyCheck(count: 50, input: Gen.uint8().array(of: 0...300_000)) { bytes in
            let path = folder + "/file"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            #expect(descriptor >= 0)
            #expect((try? WriteAll.write(bytes, to: descriptor)) != nil)
            close(descriptor)
            #expect(FileManager.default.contents(atPath: path).map(Array.init) == bytes)
        }
    }
}
