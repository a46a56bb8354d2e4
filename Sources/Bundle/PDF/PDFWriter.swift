/// A minimal PDF 1.4 file: pages of text in the standard Helvetica fonts, lines and
/// polylines — what a one-page-at-a-glance report needs, written by hand because no PDF
/// library is available. Objects are numbered in writing order and the cross-reference
/// table records each one's byte offset.
struct PDFWriter {
    private var output: [UInt8] = Array("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
    private var offsets: [Int] = []

    static let pageWidth = 595.0
    static let pageHeight = 842.0

    /// The whole file for `pages` (each a content stream from `PDFCanvas`).
    static func document(pages: [PDFCanvas], title: String) -> [UInt8] {
        var writer = PDFWriter()
        // 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content per page.
        let pageIDs = pages.indices.map { 6 + 2 * $0 }
        writer.object("<< /Type /Catalog /Pages 2 0 R >>")
        writer.object("<< /Type /Pages /Kids [\(pageIDs.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(pages.count) >>")
        writer.object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        writer.object("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>")
        writer.object("<< /Title \(PDFCanvas.literal(title)) /Producer (healthledger) >>")
        for (index, page) in pages.enumerated() {
            writer.object("""
                << /Type /Page /Parent 2 0 R /MediaBox [0 0 \(Int(pageWidth)) \(Int(pageHeight))] \
                /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents \(pageIDs[index] + 1) 0 R >>
                """)
            writer.stream(page.content)
        }
        return writer.finish()
    }

    private mutating func object(_ body: String) {
        offsets.append(output.count)
        output += Array("\(offsets.count) 0 obj\n".utf8) + Array(body.utf8) + Array("\nendobj\n".utf8)
    }

    private mutating func stream(_ content: [UInt8]) {
        offsets.append(output.count)
        output += Array("\(offsets.count) 0 obj\n<< /Length \(content.count) >>\nstream\n".utf8)
        output += content
        output += Array("\nendstream\nendobj\n".utf8)
    }

    private mutating func finish() -> [UInt8] {
        let xref = output.count
        var table = "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n"
        for offset in offsets {
            let digits = String(offset)
            table += String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n"
        }
        table += "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 5 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        return output + Array(table.utf8)
    }
}
