import LedgerCore
import Testing
@testable import HealthImport

@Suite struct ElectrocardiogramCSVTests {
    static func instant(_ text: String) -> Timestamp { try! ISO8601.parse(text, localOffset: 0).timestamp }

    @Test func readsEnglishExportWithDecimalPoints() throws {
        let file = "electrocardiograms/ecg_2023-05-01_dot.csv"
        let ecg = try ElectrocardiogramCSV.parse(FixtureFile.bytes(file), file: file)
        #expect(ecg == ElectrocardiogramImport(
            start: Self.instant("2023-05-01T06:12:44Z"), utcOffset: 7200,
            payload: ElectrocardiogramRecorded(
                classification: "Sinus Rhythm", samplingFrequency: 512, voltages: [-48.673, -59.681, 150.141, 0, 12],
                lead: "Lead I", symptoms: "Rapid, pounding, or fluttering heartbeat"),
            device: "Watch6,2", softwareVersion: "1.90"))
        #expect(ecg.end == Self.instant("2023-05-01T06:12:44.009766Z"), "5 samples at 512 Hz last 9765.625 µs, kept to the microsecond")
    }

    @Test func readsEnglishNamesWithDecimalCommasQuoted() throws {
        let file = "electrocardiograms/ecg_2023-05-13_comma.csv"
        let ecg = try ElectrocardiogramCSV.parse(FixtureFile.bytes(file), file: file)
        #expect(ecg == ElectrocardiogramImport(
            start: Self.instant("2023-05-13T17:02:10Z"), utcOffset: 7200,
            payload: ElectrocardiogramRecorded(
                classification: "Heart Rate Over 120", samplingFrequency: 512, voltages: [-12.345, 0.5, 7, -1.25], lead: "Lead I"),
            device: "Watch6,2", softwareVersion: "2.0"))
    }

    @Test func readsGermanExportByItsValues() throws {
        let file = "electrocardiograms/ecg_2020-07-31_german.csv"
        let ecg = try ElectrocardiogramCSV.parse(FixtureFile.bytes(file), file: file)
        #expect(ecg == ElectrocardiogramImport(
            start: Self.instant("2020-07-31T20:48:19Z"), utcOffset: 7200,
            payload: ElectrocardiogramRecorded(
                classification: "Sinusrhythmus", samplingFrequency: 511.562, voltages: [-180.596, -199.83, -217.333, 12],
                lead: "Ableitung I"),
            device: "Watch4,2", softwareVersion: "1.13"))
    }

    @Test func malformedVoltageNamesFileAndLine() {
        let file = "electrocardiograms/ecg_2023-05-02_malformed.csv"
        #expect {
            try ElectrocardiogramCSV.parse(FixtureFile.bytes(file), file: file)
        } throws: { error in
            (error as? AttachmentError)?.description
                == "electrocardiograms/ecg_2023-05-02_malformed.csv line 13: voltage 'n/a' is not a number like -12.345 or -12,345; "
                + "correct the line or import without this file"
        }
    }

    @Test func millivoltsBecomeMicrovoltsAndCRLFAndByteOrderMarkAreRead() throws {
        let text = "\u{FEFF}Recorded Date,2023-05-01 08:12:44 -0700\r\nClassification,Inconclusive\r\nSample Rate,512.844 Hz\r\n"
            + "Average Heart Rate,64 bpm\r\nUnit,mV\r\n\r\n0.25\r\n-1.5\r\n"
        let ecg = try ElectrocardiogramCSV.parse(Array(text.utf8), file: "ecg.csv")
        #expect(ecg.start == Self.instant("2023-05-01T15:12:44Z"))
        #expect(ecg.utcOffset == -25200)
        #expect(ecg.payload == ElectrocardiogramRecorded(
            classification: "Inconclusive", averageHeartRate: 64, samplingFrequency: 512.844, voltages: [250, -1500]))
        #expect(ecg.device == nil && ecg.softwareVersion == nil)
    }

    static let broken: [(csv: String, line: Int?, says: String)] = [
        ("Classification,Sinus Rhythm\nSample Rate,512 hertz\n\n1\n", nil, "has no recorded date (a line like Recorded Date,2023-05-01 08:12:44 +0200)"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\n\n1\n", nil, "has no sample rate"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,\nSample Rate,512 hertz\n\n1\n", nil, "has no classification"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\nSample Rate,512 hertz\n", nil, "has no voltages"),
        ("Recorded Date,2023-05-01\nClassification,Sinus Rhythm\nSample Rate,512 hertz\n\n1\n", 1,
         "Recorded Date '2023-05-01' is not a date and time with its offset, like 2023-05-01 08:12:44 +0200"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\nSample Rate,fast\n\n1\n", 3,
         "Sample Rate 'fast' is not a rate like 512 hertz"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\nSample Rate,\"1.024,5 hertz\"\n\n1\n", 3,
         "Sample Rate '1.024,5 hertz' is not a rate like 512 hertz"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\nSample Rate,512 hertz\nUnit,V\n\n1\n", 4,
         "Unit 'V' is not µV or mV"),
        ("Recorded Date,2023-05-01 08:12:44 +0200\nClassification,Sinus Rhythm\nSample Rate,512 hertz\n\n1.5\n\"1.234,5\"\n", 6,
         "voltage '\"1.234,5\"' is not a number like -12.345 or -12,345"),
    ]

    @Test(arguments: 0..<broken.count) func badRecordingNamesFileLineAndProblem(_ index: Int) {
        let (csv, line, says) = Self.broken[index]
        do {
            let ecg = try ElectrocardiogramCSV.parse(Array(csv.utf8), file: "electrocardiograms/ecg.csv")
            Issue.record("read \(ecg.payload.voltages.count) voltages")
        } catch {
            #expect(error.line == line)
            #expect(error.description.hasPrefix(line.map { "electrocardiograms/ecg.csv line \($0): " } ?? "electrocardiograms/ecg.csv: "))
            #expect(error.description.contains(says), "\(error)")
        }
    }

    /// Lines end wherever the text breaks a line, and voltages may be quoted and padded: the
    /// line an error names is the one an editor shows.
    @Test func everyLineBreakCountsAndPaddedVoltagesAreRead() throws {
        let header = "Recorded Date,2023-05-01 08:12:44 +0200\rClassification,Sinus Rhythm\u{2028}Sample Rate,512 hertz\u{85}\n"
        let voltages = "\t\"-12,5\" \r\n 7 \u{0C}\"0.25\"\n"
        let ecg = try ElectrocardiogramCSV.parse(Array((header + voltages).utf8), file: "ecg.csv")
        #expect(ecg.payload.voltages == [-12.5, 7, 0.25])
        #expect {
            try ElectrocardiogramCSV.parse(Array((header + voltages + "\u{2029}-3\n1 2\n").utf8), file: "ecg.csv")
        } throws: { error in
            (error as? AttachmentError)?.line == 10 && "\(error)".contains("voltage '1 2' is not a number")
        }
    }

    @Test(arguments: [
        ("-12.345", -12.345), ("-12,345", -12.345), ("+7", 7), ("0,5", 0.5), (".5", 0.5), ("150", 150),
    ])
    func decimalPointOrComma(_ text: String, _ value: Double) {
        #expect(LocalizedDecimal.parse(text) == value)
    }

    @Test(arguments: ["1.234,5", "1,234,567", "12-3", "--1", "-", "", "1e3", "nan", "12 µV"])
    func notOneLocalizedNumber(_ text: String) {
        #expect(LocalizedDecimal.parse(text) == nil)
    }
}
