import Foundation
import Testing
@testable import LedgerStore

/// The memory policy lives in one place (`MemoryPolicy`, in `Sources/LedgerStore/Memory/`):
/// before, the heap was trimmed from the appenders and the CLI set glibc's thresholds itself.
@Suite struct MemoryPolicyTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Calls that set or step the policy, and the module that reaches them.
    static let policyCalls = ["mallopt(", "malloc_trim(", "madvise(", "import CMalloc"]

    @Test func noFileOutsideTheMemoryFolderSetsOrStepsThePolicy() throws {
        let memoryFolder = Self.sources.appendingPathComponent("LedgerStore/Memory").path + "/"
        let files = try #require(FileManager.default.enumerator(atPath: Self.sources.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 100)
        var outside: [String] = []
        for file in files {
            let path = Self.sources.appendingPathComponent(file).path
            let text = try String(contentsOfFile: path, encoding: .utf8)
            for call in Self.policyCalls where text.contains(call) && !path.hasPrefix(memoryFolder) {
                outside.append("\(file): \(call)")
            }
        }
        #expect(outside.isEmpty, "memory policy outside MemoryPolicy: \(outside)")
    }
}
