import Foundation
import Glibc
import Testing
@testable import LedgerCore

/// The one way a file is opened for writing: owner-only, no symbolic link followed, an
/// existing file refused, emptied or appended to as asked.
@Suite("Owner-only file")
struct OwnerOnlyFileTests {
    static let dispositions: [OwnerOnlyFile.Existing] = [.refuse, .truncate, .append]

    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("owner-only-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func mode(_ name: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path + "/" + name)[.posixPermissions] as? Int)
        }

        func write(_ text: String, to name: String, existing: OwnerOnlyFile.Existing) throws {
            let descriptor = try OwnerOnlyFile.open(path + "/" + name, existing: existing)
            defer { close(descriptor) }
            try WriteAll.write(Array(text.utf8), to: descriptor)
        }

        func read(_ name: String) -> String? {
            FileManager.default.contents(atPath: path + "/" + name).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    @Test("a new file is the owner's alone, 0600, whatever the disposition", arguments: dispositions)
    func newFileIsPrivate(existing: OwnerOnlyFile.Existing) throws {
        let folder = try Folder()
        try folder.write("note", to: "new", existing: existing)
        #expect(try folder.mode("new") == 0o600)
        #expect(folder.read("new") == "note")
    }

    @Test("a symbolic link is never written through, dangling or not", arguments: dispositions)
    func symbolicLinkRefused(existing: OwnerOnlyFile.Existing) throws {
        let folder = try Folder()
        try "kept".write(toFile: folder.path + "/target", atomically: false, encoding: .utf8)
        #expect(symlink(folder.path + "/target", folder.path + "/link") == 0)
        #expect(symlink(folder.path + "/absent", folder.path + "/dangling") == 0)
        for name in ["link", "dangling"] {
            #expect(throws: SystemCallFailure.self) { try folder.write("written", to: name, existing: existing) }
        }
        #expect(folder.read("target") == "kept")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/absent"))
    }

    @Test("an existing file is refused, emptied or added to, as asked")
    func existingFile() throws {
        let folder = try Folder()
        try folder.write("first", to: "file", existing: .refuse)
        #expect(throws: SystemCallFailure(code: EEXIST)) { try folder.write("second", to: "file", existing: .refuse) }
        #expect(folder.read("file") == "first")
        try folder.write(" then", to: "file", existing: .append)
        #expect(folder.read("file") == "first then")
        try folder.write("new", to: "file", existing: .truncate)
        #expect(folder.read("file") == "new")
    }

    @Test("a file appended to keeps its mode; one emptied becomes 0600")
    func modeOfExistingFile() throws {
        let folder = try Folder()
        for name in ["appended", "emptied"] {
            #expect(FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data("old".utf8), attributes: [.posixPermissions: 0o640]))
        }
        try folder.write("more", to: "appended", existing: .append)
        try folder.write("new", to: "emptied", existing: .truncate)
        #expect(try folder.mode("appended") == 0o640)
        #expect(try folder.mode("emptied") == 0o600)
    }
}
