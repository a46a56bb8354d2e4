extension ElectrocardiogramCSV {
    /// The lines of `bytes` from `start`, split where the text's `Character.isNewline` splits it
    /// (LF, CR, CR LF, VT, FF, NEL, U+2028, U+2029), so line numbers in errors are the ones an
    /// editor shows.
    static func lineRanges(_ bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var lineStart = start
        var index = start
        while index < bytes.count {
            let separatorLength: Int
            switch bytes[index] {
            case 0x0A, 0x0B, 0x0C: separatorLength = 1
            case 0x0D: separatorLength = index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
            case 0xC2: separatorLength = index + 1 < bytes.count && bytes[index + 1] == 0x85 ? 2 : 0
            case 0xE2:
                separatorLength = index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) ? 3 : 0
            default: separatorLength = 0
            }
            if separatorLength > 0 {
                lines.append(lineStart..<index)
                lineStart = index + separatorLength
            }
            index += max(separatorLength, 1)
        }
        lines.append(lineStart..<bytes.count)
        return lines
    }

    /// A voltage written plainly — `-12.345`, `"-12,345"`, spaces or tabs around — read from
    /// the line's bytes; nil for anything else, which is read as text.
    static func plainVoltage(_ line: ArraySlice<UInt8>) -> Double? {
        var lower = line.startIndex
        var upper = line.endIndex
        while lower < upper, line[lower] == 0x20 || line[lower] == 0x09 { lower += 1 }
        while upper > lower, line[upper - 1] == 0x20 || line[upper - 1] == 0x09 { upper -= 1 }
        if upper - lower >= 2, line[lower] == 0x22, line[upper - 1] == 0x22 {
            lower += 1
            upper -= 1
        }
        return line[lower..<upper].withUnsafeBufferPointer(ExportNumber.shortDecimal)
    }
}
