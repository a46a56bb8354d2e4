import Foundation
import Glibc
import PropertyBased
import Testing
@testable import LedgerCore

/// The one way a file is replaced: whole or not at all, 0600, no
/// temporary file left behind, and a failure that names its step and leaves the old file.
@Suite("Private file")
struct PrivateFileTests {
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("private-file-\(UUID().uuidString)").path
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: path).sorted()) ?? [] }

        func mode(_ path: String) throws -> Int {
            try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        }

        func contents(_ name: String) -> [UInt8]? {
            FileManager.default.contents(atPath: path + "/" + name).map(Array.init)
        }
    }

    @Test("what is written replaces what was there, 0600, and leaves only the file")
    func replacesWhole() async throws {
        let folder = try Folder()
        await propertyCheck(count: 60, input: Gen.uint8().array(of: 0...70_000).array(of: 1...3), Gen.bool()) { versions, synced in
            for bytes in versions {
                #expect(throws: Never.self) {
                    try PrivateFile.write(bytes, to: folder.path + "/file", durability: synced ? .synced : .cached)
                }
            }
            #expect(folder.contents("file") == versions.last)
            #expect((try? folder.mode(folder.path + "/file")) == 0o600)
            #expect(folder.names == ["file"])
        }
    }

    @Test("a symbolic link at the destination is replaced, its target is not written")
    func symbolicLinkReplaced() throws {
        let folder = try Folder()
        try "kept".write(toFile: folder.path + "/target", atomically: false, encoding: .utf8)
        #expect(symlink(folder.path + "/target", folder.path + "/link") == 0)
        try PrivateFile.write(Array("new".utf8), to: folder.path + "/link", durability: .cached)
        #expect(folder.contents("target") == Array("kept".utf8))
        #expect(folder.contents("link") == Array("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link")) == nil)
    }

    @Test("a failure names its step and the file, and leaves the destination and no temporary file")
    func failures() throws {
        let folder = try Folder()
        let missing = folder.path + "/absent/file"
        let notCreated = #expect(throws: PrivateFileFailure.self) { try PrivateFile.write([1], to: missing, durability: .synced) }
        #expect(notCreated?.step == .create)
        #expect(notCreated?.destination == missing)
        #expect(notCreated?.cause == SystemCallFailure(code: ENOENT))

        #expect(mkdir(folder.path + "/taken", 0o700) == 0)
        #expect(FileManager.default.createFile(atPath: folder.path + "/taken/inside", contents: Data("old".utf8)))
        let notRenamed = #expect(throws: PrivateFileFailure.self) { try PrivateFile.write([1], to: folder.path + "/taken", durability: .cached) }
        #expect(notRenamed?.step == .rename)
        #expect(notRenamed.map { PrivateFile.isTemporary(($0.path as NSString).lastPathComponent, of: "taken") } == true)
        #expect(folder.names == ["taken"])
        #expect(folder.contents("taken/inside") == Array("old".utf8))
    }

    @Test("writers at once each publish their own bytes whole")
    func concurrentWriters() async throws {
        let folder = try Folder()
        let path = folder.path + "/shared"
        let versions = (0..<8).map { [UInt8](repeating: UInt8($0), count: 200_000 + $0) }
        await withTaskGroup(of: Void.self) { group in
            for bytes in versions {
                group.addTask { for _ in 0..<5 { try? PrivateFile.write(bytes, to: path, durability: .cached) } }
            }
        }
        let written = try #require(folder.contents("shared"))
        #expect(versions.contains(written))
        #expect(folder.names == ["shared"])
    }

    @Test("folders made are 0700; one that exists keeps its mode")
    func folders() throws {
        let folder = try Folder()
        #expect(mkdir(folder.path + "/open", 0o755) == 0)
        #expect(chmod(folder.path + "/open", 0o755) == 0)
        try PrivateFile.createFolder(folder.path + "/open/a/b")
        #expect(try folder.mode(folder.path + "/open") == 0o755)
        #expect(try folder.mode(folder.path + "/open/a") == 0o700)
        #expect(try folder.mode(folder.path + "/open/a/b") == 0o700)

        #expect(FileManager.default.createFile(atPath: folder.path + "/plain", contents: nil))
        let blocked = #expect(throws: PrivateFileFailure.self) { try PrivateFile.createFolder(folder.path + "/plain/c") }
        #expect(blocked?.step == .createFolder)
        #expect(blocked?.path == folder.path + "/plain/c")
    }

    @Test("a leftover temporary file is told from the file and from others'")
    func temporaryNames() {
        let name = (PrivateFile.temporaryPath(for: "/v/vault.json") as NSString).lastPathComponent
        #expect(PrivateFile.isTemporary(name, of: "vault.json"))
        #expect(!PrivateFile.isTemporary(name, of: "vault"))
        #expect(!PrivateFile.isTemporary("vault.json", of: "vault.json"))
        #expect(!PrivateFile.isTemporary(".vault.json.tmp", of: "vault.json"))
        #expect(!PrivateFile.isTemporary(".vault.json.notsixteenhexdig.tmp", of: "vault.json"))
        #expect(PrivateFile.temporaryPath(for: "bare").hasPrefix("./.bare."))
        #expect(PrivateFile.temporaryPath(for: "/root-file").hasPrefix("/.root-file."))
    }
}
