import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore

struct Forget: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Erase an event's image for good (crypto-shredding), record it, and compact the vault.",
        discussion: """
            forget ID     destroys the key and the sealed bytes of the image that event ID (a face \
            capture) refers to, appends a subject.erased event naming only the ids, then compacts \
            the vault so that the freed pages are gone from its file. The event itself stays in \
            the log (retract hides it); an image stored once for several captures is erased for all.
            """)
    @Argument(help: ArgumentHelp(stringLiteral: "The face capture whose image to erase. " + EventReference.help)) var id: String
    @Flag(help: "Skip the compaction (run `healthledger compact` later): until then the sealed bytes, which no key opens any more, stay in the file.")
    var noCompact = false
    @Flag(help: "The outcome as JSON.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let (event, blob, erasure) = try erase()
        let compaction = noCompact ? nil : try VaultCompaction.compact(directory: vault.path)
        if json {
            var document: Document = ["event": .string(event.description), "blob": .string(blob)]
            if case .erased(let sequence) = erasure { document["erasedAt"] = .int(Int64(sequence)) }
            document["alreadyErased"] = .bool(erasure == .alreadyErased)
            if let compaction { document["compactedBytes"] = .int(Int64(compaction.bytesAfter)) }
            print(JSONWriter.string(document))
            return
        }
        switch erasure {
        case .erased(let sequence): print("erased blob \(blob) of event \(event): key and sealed bytes destroyed, recorded as #\(sequence) subject.erased")
        case .alreadyErased: print("blob \(blob) of event \(event) was already erased")
        }
        if let compaction { print(CompactCommand.describe(compaction, vault: vault.path)) }
    }

    /// Erases with the ledger open, and closes it before any compaction (which needs the vault alone).
    private func erase() throws -> (event: EventID, blob: String, erasure: BlobErasure) {
        let ledger = try vault.openLedger()
        let current = try EventLookup.current(ledger, id)
        guard let blob = current.imageBlob else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "event \(current.event.id) (\(current.event.kind.rawValue)) has no image to erase; events themselves cannot be erased from the append-only log — `healthledger retract \(id)` hides it")
        }
        let erasure = try ledger.eraseBlob(blob, of: current.stored.event.id)
        vault.catchUpViews(ledger)
        return (current.event.id, blob, erasure)
    }
}
