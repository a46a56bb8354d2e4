import Foundation

/// Writes export.xml alone, uncompressed, a megabyte at a time.
struct ExportXMLFileWriter {
    let document: ExportDocument
    let layout: ExportLayout

    func write(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw GeneratorError("cannot create \(url.path)")
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var source = ExportXMLSource(document: document, layout: layout)
        var written: Int64 = 0
        while !source.isFinished {
            let data = source.read(1 << 20)
            try handle.write(contentsOf: data)
            written += Int64(data.count)
        }
        guard written == layout.xmlSize, source.manifest == layout.manifest else {
            throw GeneratorError("the second pass did not reproduce the first: generation is not deterministic")
        }
    }
}
