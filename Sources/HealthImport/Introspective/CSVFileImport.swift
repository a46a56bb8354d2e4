import Foundation
public import LedgerCore
public import LedgerStore

/// One CSV file of another app's history, read by a format's `read` into events.
public struct CSVFileImport: ImportSource {
    public let file: String
    let read: (_ text: String, _ file: String, _ summary: inout ImportSummary) throws(ImportError) -> [Event]

    public func units() throws(ImportError) -> [String] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), !isFolder.boolValue else { throw .missing(file, "no such file") }
        return [file]
    }

    public func path(of file: String) -> String { file }

    public func events(of file: String, summary: inout ImportSummary, ledger: Ledger?) throws -> [Event] {
        try read(try FolderScan.text(of: file), file, &summary)
    }
}

/// A CSV table's cells by column name (names compared without surrounding spaces).
struct CSVColumns {
    let names: [String: Int]
    let file: String

    init(header: CSVTable.Row, file: String) {
        var names: [String: Int] = [:]
        for (index, name) in header.cells.enumerated() { names[name.trimmingCharacters(in: .whitespaces)] = index }
        self.names = names
        self.file = file
    }

    /// Throws naming the missing columns unless all of `required` are there.
    func require(_ required: [String], format: String) throws(ImportError) {
        let missing = required.filter { names[$0] == nil }
        guard missing.isEmpty else {
            throw .malformed(file, line: 1, "this is not a \(format) file: no column \(missing.map { "'\($0)'" }.joined(separator: ", "))")
        }
    }

    /// The trimmed cell, or nil when the column or cell is missing or blank.
    func cell(_ row: CSVTable.Row, _ name: String) -> String? {
        guard let index = names[name], index < row.cells.count else { return nil }
        let text = row.cells[index].trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : text
    }
}
