import Testing
@testable import HealthImport

@Suite struct CSVTableTests {
    @Test func quotedCellsHoldCommasQuotesAndLineBreaks() throws {
        let table = try CSVTable(parsing: "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\"two\nlines\"\r\n\r\nlast,,\n", file: "t.csv")
        #expect(table.rows.map(\.cells) == [["a", "b", "c"], ["x, y", "say \"hi\"", "two\nlines"], ["last", "", ""]])
        #expect(table.rows.map(\.line) == [1, 2, 5])
    }

    @Test(arguments: [
        ("a,b\n1,\"open\n", "t.csv, line 2: a quoted cell is never closed"),
        ("a,b\n1,x\"y\n", "t.csv, line 2: a double quote inside an unquoted cell"),
        ("a,b\n1,\"x\"y\n", "t.csv, line 2: text after a closing quote"),
    ])
    func malformedQuotingNamesTheLine(text: String, message: String) throws {
        let error = try #require(throws: ImportError.self) { try CSVTable(parsing: text, file: "t.csv") }
        #expect(error.description.hasPrefix(message))
    }
}

@Suite struct ShareHealthHeaderTests {
    @Test(arguments: [
        ("Heart Rate [Avg] (count/min)", "Heart Rate", "Avg", "count/min"),
        ("VO2 Max (ml/(kg*min))", "VO2 Max", nil, "ml/(kg*min)"),
        ("Sleep Analysis [In Bed] (hr)", "Sleep Analysis", "In Bed", "hr"),
        (" Bedtime ", "Bedtime", nil, nil),
    ] as [(String, String, String?, String?)])
    func splitsNameQualifierAndUnit(text: String, name: String, qualifier: String?, unit: String?) {
        let header = ShareHealthHeader(text)
        #expect(header.name == name)
        #expect(header.qualifier == qualifier)
        #expect(header.unit == unit)
    }
}
