import Foundation
import LedgerCore
import LedgerStore
import Projections
import Testing
import TestSupport
@testable import HealthBundle

/// The report as a doctor reads it: the period is the days with data, adherence counts the
/// days each medication was scheduled, counts have their right plural, charts have dates at
/// regular ticks, and moods given on different scales read on the vault's rating scale.
@Suite struct ReportReadingTests {
    static let days = 30

    /// 2026-03-01 … 2026-03-30: each night asleep from 23:00 the evening before (so the first
    /// night starts on 2026-02-28); Vitamin D daily since February, taken every day; Iron daily
    /// from 2026-03-16, taken on 10 of its 15 days; Ibuprofen as needed, twice; each day the
    /// same three moods on three scales (5 of 1-5, 1 of 1-10, 5 of 0-10: 5.5 on 1-10); one
    /// headache; one weighing.
    static func events() -> [Event] {
        func time(_ day: Int, _ minutes: Int) -> Timestamp { BundleFixture.time(day, minutes: minutes) }
        let offset = BundleFixture.offset
        var events = [
            Event(MedicationDefined(name: "Vitamin D", startedOn: "2026-02-01", frequency: "1x daily"), start: time(0, -120), utcOffset: offset),
            Event(MedicationDefined(name: "Iron", startedOn: "2026-03-16", frequency: "daily"), start: time(0, -110), utcOffset: offset),
            Event(MedicationDefined(name: "Ibuprofen", frequency: "as needed"), start: time(0, -100), utcOffset: offset),
        ]
        let watch = Source(name: "Apple Watch", device: "Watch7,1", version: "11.0")
        for day in 0..<days {
            events.append(Event(
                kind: .categoryRecorded, schema: 1, start: time(day - 1, 14 * 60), end: time(day, -150), utcOffset: offset, source: watch,
                payload: CategoryRecorded(type: "HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore").document))
            events.append(BundleFixture.sample("StepCount", Double(6_000 + 200 * day), "count", day: day, minutes: 60, hours: 1))
            events.append(Event(DoseTaken(medication: "Vitamin D"), start: time(day, 10), utcOffset: offset))
            if day >= 15, day % 3 != 0 { events.append(Event(DoseTaken(medication: "Iron"), start: time(day, 12), utcOffset: offset)) }
            for (index, (rating, low, high)) in [(5.0, 1.0, 5.0), (1, 1, 10), (5, 0, 10)].enumerated() {
                events.append(Event(MoodRated(rating: rating, scaleMin: low, scaleMax: high), start: time(day, 30 + index), utcOffset: offset))
            }
        }
        events.append(Event(DoseTaken(medication: "Ibuprofen"), start: time(4, 300), utcOffset: offset))
        events.append(Event(DoseTaken(medication: "Ibuprofen"), start: time(9, 300), utcOffset: offset))
        events.append(Event(SymptomReported(name: "headache", severity: .moderate), start: time(4, 240), utcOffset: offset))
        events.append(BundleFixture.sample("BodyMass", 70.4, "kg", day: 3))
        return events
    }

    /// The report's text as `pdftotext -layout` reads it, and how many pages `pdftoppm` rendered.
    static func read(_ events: [Event]) throws -> (text: String, pages: Int, rendered: Int) {
        let fixture = try BundleFixture(empty: true)
        try fixture.ledger.append(events)
        let pdf = try #require(try BundleContentTests.files(fixture.export().bytes)["report.pdf"])
        let scratch = try ScratchDirectory()
        let folder = scratch.url.path
        try Data(pdf).write(to: URL(fileURLWithPath: folder + "/report.pdf"))
        let read = try ExternalTool.run("pdftotext", ["-layout", folder + "/report.pdf", "-"])
        let text = read.stdout
        #expect(read.status == 0)
        let info = try ExternalTool.run("pdfinfo", [folder + "/report.pdf"])
        let pages = info.stdout.split(separator: "\n").first { $0.hasPrefix("Pages:") }.flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        #expect(try ExternalTool.run("pdftoppm", ["-png", "-r", "40", folder + "/report.pdf", folder + "/page"]).status == 0)
        let rendered = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("page-") && $0.hasSuffix(".png") }.count
        return (text, pages, rendered)
    }

    static func line(_ text: String, _ start: String) -> String {
        text.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(start) }.map(String.init) ?? ""
    }

    @Test func theReportCountsTheDaysWithDataAndTheDaysEachMedicationWasScheduled() throws {
        let (text, pages, rendered) = try Self.read(Self.events())
        #expect(pages == 2 && rendered == pages, "pdftoppm renders every page")
        #expect(text.contains("Period: 2026-03-01 to 2026-03-30 (30 days)"), "the night begun on 2026-02-28 counts on 2026-03-01")
        let vitaminD = Self.line(text, "Vitamin D")
        #expect(vitaminD.contains("30 of 30") && vitaminD.contains("100%"), "\(vitaminD)")
        let iron = Self.line(text, "Iron")
        #expect(iron.contains("10 of 15") && iron.contains("66%"), "\(iron)")
        let ibuprofen = Self.line(text, "Ibuprofen")
        #expect(ibuprofen.contains("2 days") && ibuprofen.contains("as needed"), "\(ibuprofen)")
        #expect(text.contains("1 kind") && !text.contains("1 kinds"))
        #expect(text.contains("3 medications"))
        #expect(text.contains("over 1 weighing") && !text.contains("1 weighings"))
        #expect(text.contains("6,000") || text.contains("8,000"), "step values at round ticks")
        #expect(text.contains("average of 30 days"))
        for figure in ["8,900 per day", "7.5 hours per night", "70.4 kg to 70.4 kg", "5.5 on 1-10"] {
            #expect(text.contains(figure), "key figure \(figure)")
        }
        #expect(Self.line(text, "Doses taken").contains("42"), "30 Vitamin D, 10 Iron, 2 Ibuprofen")
        #expect(Self.line(text, "Symptoms reported").contains("1 kind"))
    }

    @Test func theChartsMarkTheDatesAtRegularTicks() throws {
        let (text, _, _) = try Self.read(Self.events())
        for label in ["1 Mar", "8 Mar", "15 Mar", "22 Mar", "29 Mar"] {
            #expect(text.contains(label), "a weekly tick \(label)")
        }
    }

    @Test func moodsOnDifferentScalesReadOnTheRatingScaleAsTheQueryAndDailyViewShowThem() throws {
        #expect(try Self.read(Self.events()).text.contains("5.5 on 1-10"), "(1 + 0 + 0.5) / 3 of the way up 1-10; their raw mean is 3.7")
        let setting = Event(
            SettingChanged(key: RatingScale.settingKey, value: .string("0-100")), start: BundleFixture.time(0, minutes: -200), utcOffset: BundleFixture.offset)
        let text = try Self.read([setting] + Self.events()).text
        #expect(text.contains("50.0 on 0-100"))
        #expect(text.contains("Mood (0-100)"))
    }
}
