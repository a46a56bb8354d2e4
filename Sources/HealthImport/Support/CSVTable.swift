/// Rows of a CSV file (RFC 4180: commas, double quotes, CRLF or LF), each with the line it
/// starts on so that errors can point at it.
struct CSVTable {
    struct Row {
        /// 1-based line number in the file.
        let line: Int
        let cells: [String]
    }

    let rows: [Row]

    /// Blank lines are dropped; a UTF-8 byte order mark is ignored.
    init(parsing text: String, file: String) throws(ImportError) {
        var rows: [Row] = []
        var cells: [String] = []
        var cell: [UInt8] = []
        var line = 1
        var rowLine = 1
        var inQuotes = false
        var quotedCell = false
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xef, 0xbb, 0xbf]) { bytes.removeFirst(3) }
        var index = 0

        func endCell() {
            cells.append(String(decoding: cell, as: UTF8.self))
            cell.removeAll(keepingCapacity: true)
            quotedCell = false
        }
        func endRow() {
            endCell()
            if !(cells.count == 1 && cells[0].isEmpty) { rows.append(Row(line: rowLine, cells: cells)) }
            cells.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
                        cell.append(byte)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == 0x0a { line += 1 }
                    cell.append(byte)
                }
                continue
            }
            switch byte {
            case UInt8(ascii: ","): endCell()
            case UInt8(ascii: "\""):
                guard cell.allSatisfy({ $0 == 0x20 }), !quotedCell else {
                    throw .malformed(file, line: line, "a double quote inside an unquoted cell (quote the whole cell and double the quote)")
                }
                cell.removeAll()
                inQuotes = true
                quotedCell = true
            case 0x0d where index < bytes.count && bytes[index] == 0x0a: continue
            case 0x0a, 0x0d:
                endRow()
                line += 1
                rowLine = line
            default:
                if quotedCell, byte != 0x20 {
                    throw .malformed(file, line: line, "text after a closing quote")
                }
                if !quotedCell { cell.append(byte) }
            }
        }
        if inQuotes { throw .malformed(file, line: rowLine, "a quoted cell is never closed") }
        if !cell.isEmpty || !cells.isEmpty { endRow() }
        self.rows = rows
    }
}
