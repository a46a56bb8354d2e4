import Foundation
import LedgerCore
import PropertyBased
import Testing
@testable import Projections

/// Rows of many fields go into the index by hash rather than by searching the row for
/// each column (quadratic: 500,000 fields took over 11 minutes); narrow and wide rows mixed
/// land in the same columns as a plain per-row dictionary says they should.
@Suite struct WideRowTests {
    static func row(_ fields: [Int], texts: [Int]) -> IndexedRow {
        var row = IndexedRow.unfilled
        for field in fields { row.set("n\(field)", number: Double(field)) }
        for field in texts { row.set("t\(field)", text: "v\(field)") }
        return row
    }

    @Test func wideAndNarrowRowsFillTheRightColumns() async {
        let fieldSets = Gen.int(in: 0...60).array(of: 0...40)
        await propertyCheck(count: 60, input: fieldSets.array(of: 1...8), fieldSets.array(of: 1...8)) { numberRows, textRows in
            var table = SeriesTable()
            let count = min(numberRows.count, textRows.count)
            for index in 0..<count { table.append(Self.row(numberRows[index], texts: textRows[index])) }
            #expect(table.count == count)
            for index in 0..<count {
                let numbers = Set(numberRows[index]), texts = Set(textRows[index])
                for (name, column) in table.numbers {
                    let field = Int(name.dropFirst())!
                    let value = column[index]
                    #expect(numbers.contains(field) ? value == Double(field) : value.isNaN, "row \(index) column \(name): \(value)")
                }
                for (name, column) in table.texts {
                    #expect(column[index] == (texts.contains(Int(name.dropFirst())!) ? "v\(name.dropFirst())" : nil))
                }
            }
        }
    }

    @Test func aRowSetsEachFieldOnceWhateverItsWidth() async {
        await propertyCheck(count: 60, input: Gen.int(in: 0...50).array(of: 0...200)) { fields in
            let row = Self.row(fields, texts: [])
            #expect(row.numbers.map(\.name) == fields.reduce(into: [String]()) { names, field in
                if !names.contains("n\(field)") { names.append("n\(field)") }
            })
        }
    }
}
