import Foundation
import LedgerCore
import LedgerStore
import Zip

/// Stores a verified bundle's events in another vault with their ids, so importing it
/// twice stores nothing new. Face images go into this vault's blob store (under this
/// vault's names) and the captures are pointed at them.
public struct BundleImporter {
    let ledger: Ledger
    let progress: (_ events: Int) -> Void

    public init(ledger: Ledger, progress: @escaping (_ events: Int) -> Void = { _ in }) {
        self.ledger = ledger
        self.progress = progress
    }

    /// Verifies the bundle from a first stream, then stores its events from a second one
    /// (`open` decrypts the file again), so a bundle that fails verification stores nothing;
    /// the summary counts the events per kind and source.
    public func run(expectedSigner: [UInt8]?, open: () throws -> any ByteSource) throws -> ImportSummary {
        let verified = try BundleReader(expectedSigner: expectedSigner).read(open())
        return try store(open(), signer: verified.manifest.publicKeyBytes)
    }

    private func store(_ source: any ByteSource, signer: [UInt8]) throws -> ImportSummary {
        var summary = ImportSummary()
        var blobNames: [String: String] = [:]
        var lines = LineSplitter()
        var batch: [Event] = []
        var lineNumber = 0
        let appender = BulkAppender(ledger: ledger)
        func flush() throws {
            guard !batch.isEmpty else { return }
            do {
                try appender.add(batch, tag: lineNumber)
            } catch let error as LedgerStoreError where error.refusedEvent != nil {
                let (index, refusal) = error.refusedEvent!
                throw BundleError(.notABundle, "\(BundleLayout.events) line \(lineNumber - batch.count + index + 1): \(refusal)")
            }
            batch.removeAll(keepingCapacity: true)
            progress(lineNumber)
        }
        func take(_ line: [UInt8]) throws {
            lineNumber += 1
            guard !line.isEmpty else { return }
            var event: Event
            do {
                event = try EventJSON.event(from: JSONParser.parseObject(String(decoding: line, as: UTF8.self)), zone: .fixed(0))
            } catch {
                throw BundleError(.notABundle, "\(BundleLayout.events) line \(lineNumber): \(error)")
            }
            if event.kind == .faceCaptured, case .string(let old)? = event.payload["imageBlob"] {
                event.payload["imageBlob"] = blobNames[old].map { .string($0) }
                if blobNames[old] == nil { summary.note("face capture without its image in the bundle: stored without one") }
            }
            summary.count(type: event.kind.rawValue, source: event.source.name)
            batch.append(event)
            if batch.count >= 10_000 { try flush() }
        }
        do {
            _ = try BundleReader(expectedSigner: signer).read(source) { path in
                if path.hasPrefix(BundleLayout.facesFolder), path.hasSuffix(".jpg") {
                    let old = String(path.dropFirst(BundleLayout.facesFolder.count).dropLast(4))
                    var image: [UInt8] = []
                    return .init(consume: { image.append(contentsOf: $0) }, finish: { blobNames[old] = try ledger.storeBlob(image) })
                }
                guard path == BundleLayout.events else { return nil }
                return .init(consume: { chunk in try lines.split(chunk, take) })
            }
            try lines.finish(take)
            try flush()
        } catch {
            _ = try? appender.finish()
            throw error
        }
        let outcome = try appender.finish()
        summary.appended = outcome.appended
        summary.duplicates = outcome.duplicates
        return summary
    }
}
