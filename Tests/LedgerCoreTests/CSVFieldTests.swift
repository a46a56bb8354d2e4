import Foundation
import LedgerCore
import PropertyBased
import Testing

/// A CSV cell a spreadsheet would run as a formula is written as text; every other cell reads
/// back exactly as it was.
@Suite struct CSVFieldTests {
    static let alphabet: [Character] = ["=", "+", "-", "@", "\t", "\r", "\n", "0", "1", "9", ".", "e", "E", ",", "\"", "a", " ", "'"]

    /// The cell's text as a spreadsheet reads it: RFC 4180 quotes removed.
    static func unquoted(_ cell: String) -> String {
        guard cell.hasPrefix("\""), cell.hasSuffix("\""), cell.count >= 2 else { return cell }
        return String(cell.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }

    @Test func noCellStartsAFormulaAndEveryOtherCellReadsBackUnchanged() async {
        await propertyCheck(input: Gen<Character?>.element(of: Self.alphabet).map { $0! }.string(of: 0...10)) { text in
            let read = Self.unquoted(CSVField.quoted(text))
            let startsFormula = read.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } ?? false
            if startsFormula {
                #expect(Double(read) != nil && !read.contains(where: { $0.isWhitespace }), "a formula cell left as it was: \(read.debugDescription)")
            }
            #expect(read == text || read == "'" + text, "\(text.debugDescription) read back as \(read.debugDescription)")
            if read != text {
                #expect(text.unicodeScalars.first.map { "=+-@\t\r".unicodeScalars.contains($0) } == true, "only formula cells change: \(text.debugDescription)")
            }
        }
    }

    @Test(arguments: [
        ("=HYPERLINK(\"http://x.example\",\"see\")", "\"'=HYPERLINK(\"\"http://x.example\"\",\"\"see\"\")\""),
        ("+1+2", "'+1+2"), ("-2+3", "'-2+3"), ("@SUM(A1)", "'@SUM(A1)"), ("\t=1", "'\t=1"),
        ("-3.5", "-3.5"), ("+12", "+12"), ("-1e-3", "-1e-3"), ("tired, slept badly", "\"tired, slept badly\""), ("a=b", "a=b"),
    ])
    func formulaCellsAreMarkedAsText(text: String, cell: String) {
        #expect(CSVField.quoted(text) == cell)
    }
}
