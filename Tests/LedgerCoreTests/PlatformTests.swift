import Foundation
import Testing
@testable import LedgerCore

/// The system's answers that files outside the I/O layer use, as the system gives them.
@Suite("Platform")
struct PlatformTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("platform-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    @Test("a file's kind, size and modification time; a link is the link, not its target")
    func status() throws {
        let folder = try Folder()
        let file = folder.path + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(repeating: 7, count: 1_234)))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: file)
        let status = try #require(Platform.statusNotFollowingLinks(file))
        #expect(status.kind == .regularFile)
        #expect(status.size == 1_234)
        let modified = try #require(FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date)
        #expect(abs(Double(status.modified.seconds) + Double(status.modified.nanoseconds) / 1e9 - modified.timeIntervalSince1970) < 0.001)
        #expect(Platform.statusNotFollowingLinks(folder.path + "/link")?.kind == .symbolicLink)
        #expect(Platform.statusNotFollowingLinks(folder.path)?.kind == .folder)
        #expect(Platform.statusNotFollowingLinks(folder.path + "/absent") == nil)
    }

    @Test("a mode is set exactly; a rename replaces; a failure carries its errno")
    func modeAndRename() throws {
        let folder = try Folder()
        let file = folder.path + "/file"
        #expect(FileManager.default.createFile(atPath: file, contents: Data("new".utf8)))
        #expect(FileManager.default.createFile(atPath: folder.path + "/old", contents: Data("old".utf8)))
        for mode: UInt32 in [0o600, 0o640, 0o700] {
            try Platform.setMode(file, mode)
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == Int(mode))
        }
        try Platform.rename(file, to: folder.path + "/old")
        #expect(FileManager.default.contents(atPath: folder.path + "/old") == Data("new".utf8))
        #expect(throws: SystemCallFailure.noSuchFile) { try Platform.rename(file, to: folder.path + "/old") }
        #expect(throws: SystemCallFailure.noSuchFile) { try Platform.setMode(file, 0o600) }
    }

    @Test("free space is what the file system reports, and unknown for no path")
    func availableBytes() throws {
        let folder = try Folder()
        let free = try #require(Platform.availableBytes(at: folder.path))
        let reported = try #require(FileManager.default.attributesOfFileSystem(forPath: folder.path)[.systemFreeSize] as? Int)
        #expect(free > 0)
        #expect(abs(free - reported) <= max(reported / 10, 64 << 20), "statvfs \(free), Foundation \(reported)")
        #expect(Platform.availableBytes(at: folder.path + "/absent/deeper") == nil)
    }
}
