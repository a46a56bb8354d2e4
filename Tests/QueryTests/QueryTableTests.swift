import Foundation
import LedgerCore
import PropertyBased
@testable import Query
import Testing

/// The table a query prints: numbers with two decimals as Foundation writes them, and columns
/// that stay in line once the cells are escaped for the terminal.
@Suite struct QueryTableTests {
    @Test func twoDecimalsAreWrittenAsFoundationWritesThemForAnyDouble() async {
        await propertyCheck(count: 2_000, input: Gen.uint64(in: .min ... .max)) { bits in
            let number = Double(bitPattern: bits)
            #expect(TwoDecimals.text(number) == String(format: "%.2f", number), "\(bits)")
        }
    }

    /// Exact ties at the third decimal (eighths, sixteenths) and numbers of everyday size.
    @Test func twoDecimalsRoundTiesAndEverydayNumbersAsFoundationDoes() async {
        await propertyCheck(count: 2_000, input: Gen.int(in: -100_000...100_000), Gen.double(in: -1e6...1e6)) { sixteenths, number in
            for value in [Double(sixteenths) / 16, Double(sixteenths) / 1_000, number, -0.0, .infinity, -.infinity, .nan] {
                #expect(TwoDecimals.text(value) == String(format: "%.2f", value), "\(value)")
            }
        }
    }

    static let scalars: [Unicode.Scalar] = ["a", "B", " ", "é", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}", "\u{202E}", "\u{1}"]
    static let texts = Gen.element(of: scalars).map { $0 ?? "a" }.array(of: 0...8).map { String(String.UnicodeScalarView($0)) }

    /// A text column of any notes, control characters included, then a number column: once
    /// escaped for the terminal, as `print` shows it, every line ends in the same column.
    @Test func columnsStayInLineWhenCellsHoldControlCharacters() async {
        await propertyCheck(count: 200, input: Self.texts.array(of: 1...6), Gen.double(in: -500...500)) { notes, number in
            let result = QueryResult(
                columns: [.init(title: "note", unit: nil), .init(title: "value", unit: "min")],
                rows: notes.enumerated().map { [.text($1), $0 == 1 ? .null : .number(number * Double($0 + 1))] }, bucket: nil, times: nil)
            let shown = TerminalText.escaped(result.table).split(separator: "\n")
            #expect(shown.count == notes.count + 1)
            #expect(Set(shown.map(\.count)).count == 1, "\(shown)")
        }
    }
}

/// Row labels of a query by day, written digit by digit, as the padded text they replaced.
@Suite struct DayLabelTests {
    @Test func anyDayIsLabelledAsPaddedYearMonthDay() async {
        await propertyCheck(count: 2_000, input: Gen.int64(in: -800_000...3_000_000)) { days in
            let (year, month, day) = CivilDate.fromDays(days)
            #expect(CivilDays.text(days) == "\(CivilDays.pad(year, 4))-\(CivilDays.pad(month, 2))-\(CivilDays.pad(day, 2))", "\(days)")
            if (0...9_999).contains(year) {
                #expect(CivilDays.text(days) == String(format: "%04d-%02d-%02d", Int(year), Int(month), Int(day)))
            }
        }
    }
}
