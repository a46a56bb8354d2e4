import Foundation
public import LedgerCore
public import LedgerStore
import Zip

/// Stores a verified bundle's events in another vault with their ids, so importing it
/// twice stores nothing new. Face images go into this vault's blob store (under this
/// vault's names) and the captures are pointed at them.
///
/// A bundle adds its own events. Corrections and retractions of events it does not hold,
/// and settings changes, would change what this vault already says; they are refused (and
/// counted in the summary) unless `acceptance` asks for them: anyone can sign a bundle.
public struct BundleImporter {
    /// What a bundle may do beyond adding events of its own; each is refused unless asked for.
    public struct Acceptance: Sendable {
        /// Corrections and retractions of events the bundle does not hold: this vault's own,
        /// or those of an earlier bundle.
        public var foreignAmendments: Bool
        /// `setting.changed` events, which change how this vault's views are computed.
        public var settings: Bool
        /// Payload fields their kind does not read: stored for ever and read by nothing, as
        /// `append` refuses them unless forced.
        public var unknownFields: Bool

        public init(foreignAmendments: Bool = false, settings: Bool = false, unknownFields: Bool = false) {
            self.foreignAmendments = foreignAmendments
            self.settings = settings
            self.unknownFields = unknownFields
        }
    }

    let ledger: Ledger
    let acceptance: Acceptance
    let progress: (_ events: Int) -> Void

    public init(ledger: Ledger, acceptance: Acceptance = Acceptance(), progress: @escaping (_ events: Int) -> Void = { _ in }) {
        self.ledger = ledger
        self.acceptance = acceptance
        self.progress = progress
    }

    /// Verifies the bundle from a first stream, then stores its events from a second one
    /// (`open` decrypts the file again). The second stream's lines are stored only in groups
    /// whose hash the first read verified, and its face images only when they match the
    /// signed manifest, so a bundle that changes between the reads stores nothing that was
    /// not verified. The summary counts the events per kind and source, and what was refused.
    public func run(expectedSigner: [UInt8]?, open: () throws -> any ByteSource) throws -> ImportSummary {
        var first = BundleFirstRead()
        var lines = LineSplitter()
        let verified = try BundleReader(expectedSigner: expectedSigner).read(open()) { path in
            path == BundleLayout.events ? .init(consume: { chunk in try lines.splitEvents(chunk) { first.take($0) } }) : nil
        }
        try lines.finishEvents { first.take($0) }
        return try store(open(), verified: verified, first: first)
    }

    private func store(_ source: any ByteSource, verified: VerifiedBundle, first: BundleFirstRead) throws -> ImportSummary {
        var summary = ImportSummary()
        var blobNames: [String: String] = [:]
        var lines = LineSplitter()
        var group = LineGroupHash()
        var batch: [Event] = []
        var lineNumber = 0
        var broughtTargets: Set<EventID> = []
        let signedHashes = Dictionary(verified.manifest.files.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        let appender = BulkAppender(ledger: ledger)
        func flush() throws {
            guard !batch.isEmpty else { return }
            do {
                try appender.add(batch, tag: lineNumber)
            } catch let error as LedgerStoreError {
                guard case let (index, refusal)? = error.refusedEvent else { throw error }
                throw BundleError(.notABundle, "\(BundleLayout.events) line \(lineNumber - batch.count + index + 1): \(refusal)")
            }
            batch.removeAll(keepingCapacity: true)
            progress(lineNumber)
        }
        func take(_ line: [UInt8]) throws {
            lineNumber += 1
            group.add(line)
            if !line.isEmpty {
                var event = try parse(line, number: lineNumber)
                if first.amendedTargets.contains(event.id) { broughtTargets.insert(event.id) }
                if let refusal = try refusal(of: event, brought: broughtTargets) {
                    summary.count(type: event.kind.rawValue, source: event.source.name)
                    summary.skip(refusal, at: "\(BundleLayout.events) line \(lineNumber)")
                } else {
                    if event.kind == .faceCaptured, case .string(let old)? = event.payload["imageBlob"] {
                        event.payload["imageBlob"] = blobNames[old].map { .string($0) }
                        if blobNames[old] == nil { summary.note("face capture without its image in the bundle: stored without one") }
                    }
                    summary.count(type: event.kind.rawValue, source: event.source.name)
                    batch.append(event)
                }
            }
            guard lineNumber % BundleFirstRead.groupSize == 0 else { return }
            let index = lineNumber / BundleFirstRead.groupSize - 1
            guard index < first.groupDigests.count, group.finish() == first.groupDigests[index] else {
                throw BundleError(
                    .hashMismatch,
                    "\(BundleLayout.events) lines \(lineNumber - BundleFirstRead.groupSize + 1)–\(lineNumber) differ from the read that verified them: "
                        + "the bundle changed while it was read (a pipe, or a file being written); nothing unverified was stored: "
                        + "copy the bundle to a regular file and import that")
            }
            try flush()
        }
        do {
            _ = try BundleReader(expectedSigner: verified.manifest.publicKeyBytes).read(source) { path in
                if path.hasPrefix(BundleLayout.facesFolder), path.hasSuffix(".jpg") {
                    let old = String(path.dropFirst(BundleLayout.facesFolder.count).dropLast(4))
                    var image: [UInt8] = []
                    return .init(consume: { image.append(contentsOf: $0) }, finish: {
                        guard signedHashes[path] == Hex.encode(SHA256Stream.digest(image)) else {
                            throw BundleError(.hashMismatch, "\(path) does not match the SHA-256 in the signed manifest: it was modified after signing, or changed while it was read")
                        }
                        blobNames[old] = try ledger.storeBlob(image)
                    })
                }
                guard path == BundleLayout.events else { return nil }
                return .init(consume: { chunk in try lines.splitEvents(chunk, take) })
            }
            try lines.finishEvents(take)
            try flush()
        } catch {
            _ = try? appender.finish()
            throw error
        }
        let outcome = try appender.finish()
        summary.appended = outcome.appended
        summary.duplicates = outcome.duplicates
        summary.countHeld(underAnotherID: outcome.heldUnderAnotherID)
        return summary
    }

    private func parse(_ line: [UInt8], number: Int) throws -> Event {
        do {
            return try EventJSON.event(from: JSONParser.parseObject(String(decoding: line, as: UTF8.self)), zone: .fixed(0))
        } catch {
            throw BundleError(.notABundle, "\(BundleLayout.events) line \(number): \(error)")
        }
    }

    /// The refusal of a new event whose payload has fields its kind does not read. Older
    /// schemas are left to their upcasters, which know the fields of their time.
    private func unknownFields(of event: Event) throws -> String? {
        guard !acceptance.unknownFields, event.schema == PayloadCatalog.currentSchema(of: event.kind) else { return nil }
        let unknown = PayloadCatalog.unknownFields(kind: event.kind, payload: event.payload)
        guard !unknown.isEmpty, try ledger.event(id: event.id) == nil else { return nil }
        let known = PayloadCatalog.knownFields(of: event.kind, example: event.payload)
        return "\(event.kind.rawValue) has no field \(unknown.joined(separator: ", ")) (its fields: \(known.joined(separator: ", "))): refused; --force takes it"
    }

    /// Why `event` is not taken, or nil when it is. One this vault already holds (its own
    /// bundle imported back) changes nothing and is counted as a duplicate.
    func refusal(of event: Event, brought: Set<EventID>) throws -> String? {
        // Whoever signed the bundle: a token it brought would let its holder post to this
        // vault's listener, and a delivery would be another computer's.
        if [.ingestTokenAdded, .ingestTokenRevoked, .deliveryReceived].contains(event.kind) {
            return "\(event.kind.rawValue): refused, a vault's listener tokens and deliveries are its own (`ingest token add` gives a device a token)"
        }
        if let unknown = try unknownFields(of: event) { return unknown }
        guard event.kind.isAmendment || event.kind == .settingChanged, try ledger.event(id: event.id) == nil else { return nil }
        switch event.kind {
        case .eventCorrected, .eventRetracted:
            guard !acceptance.foreignAmendments else { return nil }
            let target = event.kind == .eventCorrected ? try event.decode(EventCorrected.self).target : try event.decode(EventRetracted.self).target
            guard !brought.contains(target) else { return nil }
            return "\(event.kind.rawValue) of an event the bundle does not hold (this vault's own, or another bundle's): "
                + "refused, the event stays as it is; import with --accept-amendments if you trust the bundle's signer to amend it"
        case .settingChanged:
            guard !acceptance.settings else { return nil }
            return "setting.changed: refused, this vault's settings stay as they are; import with --accept-settings to take the bundle's"
        default:
            return nil
        }
    }
}
