import LedgerCore
import PropertyBased
import Testing

/// Issue 42: what a record is known by across Health Auto Export and an Apple Health export.
@Suite struct SameRecordTests {
    static let start = Timestamp(micros: 1_710_025_200_000_000)

    /// A cycle-tracking sample as the Apple Health import stores it: the HealthKit source is the event's.
    static func exported(_ type: String = "HKCategoryTypeIdentifierMenstrualFlow", value: String = "HKCategoryValueMenstrualFlowMedium",
                         start: Timestamp = start, end: Timestamp? = nil, source: String = "Alex’s iPhone", metadata: [String: String] = [:]) -> Event {
        Event(CategoryRecorded(type: type, value: value, metadata: metadata), start: start, end: end ?? start.adding(seconds: 86_400),
              utcOffset: 3600, source: Source(name: source, device: "name:iPhone, manufacturer:Apple Inc.", version: "17.2"))
    }

    /// The same as Health Auto Export stores it: the HealthKit source is in its metadata.
    static func sent(_ type: String = "HKCategoryTypeIdentifierMenstrualFlow", value: String = "HKCategoryValueMenstrualFlowMedium",
                     start: Timestamp = start, end: Timestamp? = nil, source: String? = "Alex’s iPhone", metric: String = "Menstrual Flow") -> Event {
        var metadata = ["HealthAutoExportMetric": metric, "HealthAutoExportDelivered": "2024-03-30T10:00:00Z"]
        metadata["HealthAutoExportSource"] = source
        return Event(CategoryRecorded(type: type, value: value, metadata: metadata), start: start, end: end, utcOffset: 3600, source: .healthAutoExport)
    }

    @Test func aCycleSampleFromEitherFormatHasOneKeyWhateverItsEndMetadataOrSubSecond() throws {
        let key = try #require(SameRecord.key(of: Self.exported(metadata: ["HKMenstrualCycleStart": "1"])))
        #expect(SameRecord.key(of: Self.sent()) == key)
        #expect(SameRecord.key(of: Self.sent(start: Self.start.adding(seconds: 0.75))) == key, "both formats write seconds")
        #expect(SameRecord.key(of: Self.sent(end: Self.start)) == key, "the app may send no end")
    }

    @Test("another type, value, second or HealthKit source is another record", arguments: [
        sent("HKCategoryTypeIdentifierIntermenstrualBleeding"), sent(value: "HKCategoryValueMenstrualFlowHeavy"),
        sent(start: start.adding(seconds: 1)), sent(source: "Clue"),
    ])
    func anyDifferenceIsAnotherRecord(other: Event) throws {
        let key = try #require(SameRecord.key(of: Self.exported()))
        #expect(SameRecord.key(of: other) != nil && SameRecord.key(of: other) != key)
    }

    @Test("no key where nothing says two are one", arguments: [
        sent(source: nil), sent("HKCategoryTypeIdentifierSexualActivity", value: "HKCategoryValueNotApplicable", metric: "sexual_activity"),
        exported("HKCategoryTypeIdentifierSleepAnalysis", value: "HKCategoryValueSleepAnalysisAsleepCore"),
        Event(SampleRecorded(type: "HKQuantityTypeIdentifierStepCount", value: 12, unit: "count"), start: start, utcOffset: 0, source: .healthAutoExport),
        Event(ExportElementRecorded(element: "HealthAutoExport.cycleTracking", attributes: ["name": "Menstrual Flow"], children: []),
              start: start, utcOffset: 0, source: .healthAutoExport),
    ])
    func noKeyWhereNothingSaysTwoAreOne(event: Event) {
        #expect(SameRecord.key(of: event) == nil)
    }

    @Test("an ECG is its start to the second, whatever device and source each format names")
    func anECGIsItsStartToTheSecond() async {
        await propertyCheck(count: 100, input: Gen.int(in: -2_000_000_000...2_000_000_000), Gen.int(in: 0...999_999)) { second, micros in
            let recording = ElectrocardiogramRecorded(classification: "Sinus Rhythm", averageHeartRate: 63, samplingFrequency: 512, voltages: [1, 2])
            let whole = Timestamp(micros: Int64(second) * 1_000_000)
            let exported = Event(recording, start: whole, utcOffset: 0, source: Source(name: "ECG", device: "Watch6,2"))
            let sent = Event(recording, start: Timestamp(micros: whole.micros + Int64(micros)), utcOffset: 0,
                             source: Source(name: "Health Auto Export", device: "Alex’s Apple Watch"))
            let next = Event(recording, start: whole.adding(seconds: 1), utcOffset: 0, source: exported.source)
            #expect(SameRecord.key(of: exported) != nil && SameRecord.key(of: exported) == SameRecord.key(of: sent))
            #expect(SameRecord.key(of: next) != SameRecord.key(of: exported))
        }
    }
}
