import Foundation
public import LedgerCore
import LedgerCrypto
public import LedgerStore

/// A folder of ShareHealth face captures in any of its three layouts; each capture becomes
/// a `face.captured` event with its image in the blob store, and its health snapshot, when
/// there is one, daily samples.
///
/// A capture's id comes from its time and the hash of its image, so the same capture found
/// in two layouts, or imported again, is stored once.
public struct FaceCaptureFolder: ImportSource {
    public let directory: String
    let clock: LocalClock
    let identity: ImportIdentity

    public static let source = Source(name: "ShareHealth")
    static let type = "face"

    public init(directory: String, clock: LocalClock, identity: ImportIdentity) {
        self.directory = directory
        self.clock = clock
        self.identity = identity
    }

    public func units() throws(ImportError) -> [FaceCapture] {
        let captures = try FaceCapture.all(under: directory)
        guard !captures.isEmpty else { throw .missing(directory, "no Face-YYYY-MM-DD_HHMMSS.jpg captures in it") }
        return captures
    }

    public func path(of capture: FaceCapture) -> String { capture.path }

    public func events(of capture: FaceCapture, summary: inout ImportSummary, ledger: Ledger?) throws -> [Event] {
        guard let image = capture.image else {
            summary.skip("metrics JSON without its Face-….jpg image", at: capture.path)
            return []
        }
        guard let name = FaceCaptureName(stem: capture.stem) else {
            summary.skip("image name is not Face-YYYY-MM-DD_HHMMSS.jpg", at: image)
            return []
        }
        guard let metricsPath = capture.metrics else {
            summary.skip("no metrics JSON of the same name beside the image or in annotations/mediapipe/", at: image)
            return []
        }
        let metrics = try FaceMetricsFile(path: metricsPath)
        for feature in metrics.unknownFeatures { summary.skip("feature not among the 24 the ledger knows: \(feature)", at: metricsPath) }
        let bytes = try FolderScan.bytes(of: image, beneath: directory)

        let (start, utcOffset) = time(of: name, metrics.timestamp, summary: &summary)
        var payload = metrics.payload
        if let ledger { payload.imageBlob = try ledger.storeBlob(bytes) }
        let id = identity.id("sharehealth.face", [String(start.micros), Hex.encode(Hashing.blake2b(bytes))])
        var events = [Event(payload, id: id, start: start, utcOffset: utcOffset, source: Self.source)]
        summary.count(type: Self.type, source: Self.source.name)
        if let health = capture.health {
            let localDay = (start.micros / 1_000_000 + Int64(utcOffset)).quotientRoundingDown(by: 86_400)
            let snapshot = try HealthSnapshotFile.day(path: health, day: localDay, utcOffset: utcOffset, summary: &summary)
            events += try snapshot.events(identity: identity, summary: &summary)
        }
        return events
    }

    /// When the capture was taken, and the offset of the phone that took it.
    ///
    /// The file name is the phone's local clock; the JSON's timestamp, when it has an offset,
    /// is the instant. Their difference is the phone's offset when it is a whole quarter hour
    /// within ±14 h; otherwise the instant keeps the zone's offset for that day, and the
    /// summary says that the two disagree (the JSON's time is the one stored).
    func time(of name: FaceCaptureName, _ timestamp: FaceMetricsFile.CaptureTime?, summary: inout ImportSummary) -> (Timestamp, Int32) {
        let zoneOffset = clock.utcOffset(day: name.day)
        let named = name.day * 86_400 + name.secondOfDay
        func disagree(_ instant: Timestamp, _ offset: Int32) {
            let nameText = LocalClock.instant(day: name.day, seconds: Double(name.secondOfDay), utcOffset: 0).iso8601(utcOffset: 0).prefix(19)
            summary.note(
                "\(name.stem): the file name says \(nameText.replacingOccurrences(of: "T", with: " ")) but its JSON's timestamp is "
                    + "\(instant.iso8601(utcOffset: offset)); stored at the JSON's time")
        }
        switch timestamp {
        case .instant(let instant)?:
            let difference = named - instant.micros.quotientRoundingDown(by: 1_000_000)
            let plausible = difference % 900 == 0 && abs(difference) <= 14 * 3600
            if !plausible { disagree(instant, zoneOffset) }
            return (instant, plausible ? Int32(difference) : zoneOffset)
        case .localClock(let text)?:
            let parsed = (try? ISO8601.parse(text, localOffset: zoneOffset))?.timestamp
            if let parsed, abs(parsed.micros.quotientRoundingDown(by: 1_000_000) + Int64(zoneOffset) - named) >= 60 { disagree(parsed, zoneOffset) }
            return (parsed ?? LocalClock.instant(day: name.day, seconds: Double(name.secondOfDay), utcOffset: zoneOffset), zoneOffset)
        case nil:
            return (LocalClock.instant(day: name.day, seconds: Double(name.secondOfDay), utcOffset: zoneOffset), zoneOffset)
        }
    }
}

extension Int64 {
    /// Division rounding towards minus infinity, so times before 1970 fall on the right day.
    func quotientRoundingDown(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
