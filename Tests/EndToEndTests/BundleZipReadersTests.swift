import Foundation
import Testing

/// The zip inside a bundle, as the common zip readers see it once age decrypts it.
@Suite struct BundleZipReadersTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let readers = ["python-zipfile", "unzip", "bsdtar", "7z", "java.util.zip"]

    /// A one-chunk bundle (a day) and one of several chunks (ten days, with faces).
    @Test(arguments: [(1, false), (10, true)])
    func everyCommonReaderOpensAndTestsTheDecryptedZip(days: Int, faces: Bool) throws {
        let scene = try BundleScene(days: days)
        let bundle = try scene.export("bundle.age", faces ? ["--include-faces"] : [])
        let zip = scene.root + "/inner.zip"
        let decrypted = try ExportGeneratorCLI.run("age", ["-d", "-i", scene.identity, "-o", zip, bundle])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: zip)[.size] as? Int)
        #expect(size % (64 * 1024) == 0, "the zip ends on a whole age chunk")
        if faces { #expect(size > 3 * 64 * 1024, "the ten-day bundle spans several chunks") }
        let checked = try ExportGeneratorCLI.run("/bin/bash", [Self.repository + "/Tools/zip-readers.sh", zip])
        let report = String(decoding: checked.stdout, as: UTF8.self)
        #expect(checked.status == 0, "\(report)\(checked.stderr)")
        for reader in Self.readers {
            #expect(report.split(separator: "\n").contains { $0.hasPrefix("ok \(reader) ") }, "\(reader): \(report)")
        }
    }
}
