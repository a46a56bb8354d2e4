import HealthBundle
import LedgerCore
import LedgerCrypto
import Zip

/// A bundle's first, verifying read: its signed manifest and checkpoint, the id of every
/// line of `events.jsonl` (to find where an earlier bundle of the same vault stopped), and
/// the amendments, so the second read can hand over each event as it reads now.
struct BundleScan {
    /// The latest correction's payload of an event, or that it was retracted.
    struct Amendment {
        var payload: Document?
        var retracted = false
        /// The line of the latest amendment aimed at the event.
        var lastLine = 0
    }

    let manifest: BundleManifest
    let checkpointSize: UInt64
    /// Every line's event id, in order.
    let lineIDs: [EventID]
    let amendments: [EventID: Amendment]

    init(path: String, open: () throws -> any ByteSource) throws(CohortError) {
        var lines = LineSplitter()
        var ids: [EventID] = []
        var amendments: [EventID: Amendment] = [:]
        func take(_ line: [UInt8]) throws {
            guard !line.isEmpty else { return }
            let event = try Self.event(line, number: ids.count + 1)
            ids.append(event.id)
            switch event.kind {
            case .eventCorrected:
                let correction = try event.decode(EventCorrected.self)
                amendments[correction.target, default: Amendment()].payload = correction.payload
                amendments[correction.target, default: Amendment()].lastLine = ids.count - 1
            case .eventRetracted:
                let target = try event.decode(EventRetracted.self).target
                amendments[target, default: Amendment()].retracted = true
                amendments[target, default: Amendment()].lastLine = ids.count - 1
            default: break
            }
        }
        let verified: VerifiedBundle
        do {
            verified = try BundleReader().read(try open()) { entry in
                entry == BundleLayout.events ? .init(consume: { try lines.splitEvents($0, take) }) : nil
            }
            try lines.finishEvents(take)
        } catch let error as BundleError {
            throw .bundle(path: path, error)
        } catch let error as CohortError {
            throw error
        } catch {
            throw .bundle(path: path, BundleError(.notABundle, "\(BundleLayout.events): \(error)"))
        }
        guard let checkpoint = verified.checkpoint else {
            throw .bundle(path: path, BundleError(.signatureMismatch, "the bundle holds no signed ledger checkpoint, so its log cannot be vouched for"))
        }
        manifest = verified.manifest
        checkpointSize = checkpoint.size
        lineIDs = ids
        self.amendments = amendments
    }

    static func event(_ line: [UInt8], number: Int) throws -> Event {
        do {
            return try EventJSON.event(from: JSONParser.parseObject(String(decoding: line, as: UTF8.self)), zone: .fixed(0))
        } catch {
            throw BundleError(.notABundle, "\(BundleLayout.events) line \(number): \(error)")
        }
    }

    /// `event` with its latest correction applied, or nil when it was retracted.
    func current(_ event: Event) -> Event? {
        guard let amendment = amendments[event.id] else { return event }
        if amendment.retracted { return nil }
        var event = event
        if let payload = amendment.payload { event.payload = payload }
        return event
    }
}
