import LedgerCore
import Testing
@testable import Projections

@Suite("Daily CSV in ShareHealth's layout")
struct DailyCSVTests {
    @Test("columns named as in the seed, in a stable order, 100+ of them")
    func header() {
        let headers = MetricCatalog.columns.map(\.header)
        #expect(headers.count == 145)   // changing the set of columns changes the CSV format
        #expect(Set(MetricCatalog.columns.map(\.key)).count == headers.count)
        #expect(headers.allSatisfy { !$0.contains(",") && !$0.contains("\"") })
        let csv = DailyCSV.file(DayMetrics(day: LocalDay(number: 0), values: headers.map { _ in nil }))
        #expect(csv.hasPrefix("Date/Time,Active Energy (kcal),"))
        let first = csv.split(separator: "\n")[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        for name in ["Active Energy (kcal)", "Step Count (count)", "Heart Rate [Avg] (count/min)", "Sleep Analysis [Total] (hr)",
                     "Sleep Analysis [In Bed] (hr)", "Bedtime", "Wake Time", "Resting Heart Rate (count/min)",
                     "Heart Rate Variability (ms)"] {
            #expect(first.contains(name), "\(name)")
        }
        // The seed's example order.
        let positions = ["Active Energy (kcal)", "Step Count (count)", "Heart Rate [Avg] (count/min)", "Sleep Analysis [Total] (hr)", "Bedtime", "Wake Time"]
            .map { first.firstIndex(of: $0)! }
        #expect(positions == positions.sorted())
    }

    @Test("path layout YYYY/MM/HealthMetrics-YYYY-MM-DD.csv")
    func path() {
        #expect(DailyCSV.relativePath(for: LocalDay(iso: "2024-01-01")!) == "2024/01/HealthMetrics-2024-01-01.csv")
        #expect(DailyCSV.relativePath(for: LocalDay(iso: "1999-12-31")!) == "1999/12/HealthMetrics-1999-12-31.csv")
    }

    @Test("one data row: date, formatted numbers, empty cells for no data")
    func dataRow() throws {
        var fixture = DailyMetricsFixture()
        let state = try DailyMetricsFixture.state(fixture.travelDay())
        // As the view hands the day out: ratings on the default scale, 1-10.
        let metrics = try state.metrics(for: DailyMetricsFixture.day("2024-03-10")).onRatingScale(.standard)
        let lines = DailyCSV.file(metrics).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[2].isEmpty)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let cells = lines[1].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        #expect(cells.count == header.count)
        let row = Dictionary(uniqueKeysWithValues: zip(header, cells))
        #expect(row["Date/Time"] == "2024-03-10")
        #expect(row["Step Count (count)"] == "2060")
        #expect(row["Bedtime"] == "22.75")
        #expect(row["Wake Time"] == "6.5")
        #expect(row["Active Energy (kcal)"] == "")
        #expect(row["Weight & Body Mass (kg)"] == "74.8427")   // 165 lb = 74.84274105 kg
        #expect(row["Mood [Avg] (1-10)"] == "7.375", "7 of 1-10 and 4 of 1-5: (6/9 + 3/4) / 2 of the way up 1-10")
    }

    @Test("numbers format without locale or float-printing noise", arguments: [
        (8543.0, "8543"), (7.25, "7.25"), (1.0 / 3, "0.3333"), (-2.5, "-2.5"), (0.00004, "0"), (-0.00004, "0"), (0.1 + 0.2, "0.3"), (97.0, "97"),
    ])
    func format(value: Double, text: String) {
        #expect(DailyCSV.format(value) == text)
    }
}
