/// What a HealthKit record is known by across the importers that bring it under different ids:
/// Health Auto Export (a file, a watched folder, the listener) and a full Apple Health export
/// derive each record's id from what their own format writes, so the same menstrual flow or
/// ECG arrives under two ids. The store keeps the first event of each key and skips a later
/// one (`Ledger` reports it as held under another id); ids themselves never change.
///
/// A correction Health Auto Export made of such a sample (sent again with another value) holds
/// the corrected value's key too, so an export taken after the change is not stored beside it;
/// a correction itself is never skipped.
///
/// The key is what both formats carry alike:
/// - a cycle-tracking category sample (menstrual flow, ovulation test, sexual activity…): its
///   HealthKit type, its value as the export writes it, its start to the second, and the
///   HealthKit source that recorded it (an Apple Health record's `sourceName`, which Health
///   Auto Export writes as its entry's `source`). Not its end: the app may send none, and
///   Health keeps one sample of a category per start and source. Not its metadata: a flag one
///   format writes and the other leaves out would keep them apart. Sexual activity counted in
///   the app's `sexual_activity` buckets has none: a bucket's date is where the app's
///   aggregation began, not when the sample was, and its times share it.
/// - an ECG: its start to the second, and nothing else. The two formats name the watch
///   differently (the export's CSV its model, `Watch6,2`; the app its name, `Alex’s Apple
///   Watch`), and a person records one ECG at a time, for half a minute.
///
/// Every other kind has none: a quantity sample is an aggregate in the app and a sample in
/// the export (daily metrics' summary-versus-samples rule), and an entry kept whole holds
/// fields neither importer could read as HealthKit's, so nothing says two are the same.
public enum SameRecord {
    /// The metadata key where Health Auto Export keeps the app's `source` of a point or entry.
    public static let healthAutoExportSourceKey = "HealthAutoExportSource"
    /// The metadata key where Health Auto Export keeps the metric or category name it sent.
    public static let healthAutoExportMetricKey = "HealthAutoExportMetric"
    /// The metric whose points are buckets counting sexual activity (`sexual_activity`).
    public static let sexualActivityBucketMetric = "sexual_activity"

    /// Health's cycle-tracking categories: the records a person logs in the Health app, which
    /// both the app and an export carry one sample each of.
    public static let cycleTrackingTypes: Set<String> = Set([
        "MenstrualFlow", "IntermenstrualBleeding", "OvulationTestResult", "CervicalMucusQuality", "SexualActivity",
        "Contraceptive", "Pregnancy", "Lactation", "PregnancyTestResult", "ProgesteroneTestResult",
        "BleedingDuringPregnancy", "BleedingAfterPregnancy", "PersistentIntermenstrualBleeding", "ProlongedMenstrualPeriods",
        "IrregularMenstrualCycles", "InfrequentMenstrualCycles",
    ].map { "HKCategoryTypeIdentifier" + $0 })

    /// Where an event holding a record came from, named as a person knows the import: Health
    /// Auto Export's events are under its name, an Apple Health export's under the HealthKit
    /// source that recorded each (`Alex’s iPhone`, `ECG`).
    public static func origin(ofSourceName name: String) -> String {
        name == Source.healthAutoExport.name ? "Health Auto Export" : "Apple Health"
    }

    /// The key's bytes, or nil for an event no other importer can bring under another id.
    public static func key(of event: Event) -> [UInt8]? {
        switch event.kind {
        case .electrocardiogramRecorded:
            return encoded(["ecg", String(wholeSeconds(event.start))])
        case .categoryRecorded:
            return categoryKey(event.payload, start: event.start, source: event.source)
        case .eventCorrected where event.source.name == Source.healthAutoExport.name:
            // A sample the app sent again with another value (a flow re-sent heavier): its
            // correction copies the sample's start and source, and the record now has the new
            // value, which a later export holds. A correction is never skipped for it.
            guard case .map(let replacement)? = event.payload["payload"] else { return nil }
            return categoryKey(replacement, start: event.start, source: event.source)
        default:
            return nil
        }
    }

    /// The key of a cycle-tracking sample's payload, recorded at `start` by `source`.
    private static func categoryKey(_ payload: Document, start: Timestamp, source: Source) -> [UInt8]? {
        guard case .string(let type)? = payload["type"], cycleTrackingTypes.contains(type),
              case .string(let value)? = payload["value"] else { return nil }
        let metadata: Document? = if case .map(let map)? = payload["metadata"] { map } else { nil }
        let recorder: String?
        if source.name == Source.healthAutoExport.name {
            if case .string(sexualActivityBucketMetric)? = metadata?[healthAutoExportMetricKey] { return nil }
            if case .string(let app)? = metadata?[healthAutoExportSourceKey] { recorder = app } else { recorder = nil }
        } else {
            recorder = source.name
        }
        guard let recorder, !recorder.isEmpty else { return nil }
        return encoded(["category", type, value, String(wholeSeconds(start)), recorder])
    }

    /// Both formats write times to the second, and an instant before 1970 rounds down too.
    private static func wholeSeconds(_ time: Timestamp) -> Int64 {
        time.micros >= 0 ? time.micros / 1_000_000 : (time.micros - 999_999) / 1_000_000
    }

    /// Each part's length before it, so that no two lists of parts give the same bytes.
    private static func encoded(_ parts: [String]) -> [UInt8] {
        var bytes = Array("same-record".utf8)
        for part in parts {
            let utf8 = Array(part.utf8)
            bytes += withUnsafeBytes(of: UInt32(utf8.count).bigEndian, Array.init) + utf8
        }
        return bytes
    }
}
