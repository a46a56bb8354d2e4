import Foundation

/// The second pass: produces export.xml in order, a piece at a time, for a reader that
/// asks for the next so many bytes — the zip writer, or a file. Memory holds one piece
/// (one stream of one day) at a time, whatever the export's size.
struct ExportXMLSource {
    let document: ExportDocument
    let layout: ExportLayout
    private var writer: ExportXMLWriter
    private var readIndex = 0
    private var next = Position.header

    private enum Position {
        case header
        case chunk(ExportStream, day: Int)
        case trailer
        case end
    }

    init(document: ExportDocument, layout: ExportLayout) {
        self.document = document
        self.layout = layout
        writer = ExportXMLWriter(budget: .max, zone: document.schedule.home)
    }

    /// What was written, counted again: the same as the layout's if the passes agree.
    var manifest: ExportManifest { writer.manifest }
    /// Route and ECG files kept, in the order they were met.
    var files: [ExportFile] { writer.files }
    var isFinished: Bool {
        if case .end = next { return readIndex == writer.text.count }
        return false
    }

    /// The next `count` bytes, or fewer at the end.
    mutating func read(_ count: Int) -> Data {
        while writer.text.count - readIndex < count, !produce() {}
        let end = min(writer.text.count, readIndex + count)
        let data = Data(writer.text.bytes[readIndex..<end])
        readIndex = end
        if readIndex > 1 << 20 {
            writer.text.bytes.removeSubrange(0..<readIndex)
            readIndex = 0
        }
        return data
    }

    /// Writes the next piece; true when there is nothing left to write.
    private mutating func produce() -> Bool {
        switch next {
        case .header:
            document.header(exportDate: layout.exportDate, into: &writer)
            next = .chunk(ExportStream.allCases[0], day: 0)
        case .chunk(let stream, let day):
            let (included, budget) = layout.includes(stream, day: day)
            if included {
                writer.setBudget(budget ?? .max)
                document.chunk(stream, day: day, into: &writer)
                writer.setBudget(.max)
            }
            if day + 1 < layout.days {
                next = .chunk(stream, day: day + 1)
            } else if let following = ExportStream(rawValue: stream.rawValue + 1) {
                next = .chunk(following, day: 0)
            } else {
                next = .trailer
            }
        case .trailer:
            document.trailer(into: &writer)
            next = .end
        case .end:
            return true
        }
        return false
    }
}
