import Dispatch
import LedgerCore
import LedgerCrypto
import Migrations
import Synchronization

/// What `audit` needs of one record that opened: the rest of the event is dropped on the
/// thread that decoded it, so a chunk of large workouts holds little.
struct AuditedEvent {
    let id: EventID
    let indexKey: IndexKey
    /// The image blob a face capture names.
    let imageBlob: String?
    /// The blob a `subject.erased` records as shredded.
    let erasedBlob: String?
    /// What the store indexes should hold of it.
    let indexFacts: IndexFacts
    /// For a large record the text index covers, the filter of its own it should have
    /// (`LargeEventFilters`).
    let ownTextFilter: TextFilter?
}

/// A chunk of records opened and hashed on both cores for `audit`, in memory the chunk owns
/// so two threads fill disjoint slots; the checks that need the transaction run afterwards,
/// in order, on the calling thread.
final class AuditChunk {
    /// How one record opened where it stands.
    enum Outcome {
        case opened(AuditedEvent)
        /// Not sealed for this place: the caller looks nearby for where it belongs.
        case notSealedHere
        case undecodable(String)
    }

    /// Chunks start at multiples of this many sequences, so a whole chunk is one perfect
    /// subtree of the Merkle tree and joins the frontier by its root alone.
    static let height = 12
    static let size = 1 << height
    let records: [PendingRecord]
    let outcomes: UnsafeMutableBufferPointer<Outcome>
    let leafHashes: UnsafeMutableBufferPointer<UInt8>
    private let blockRoots: UnsafeMutableBufferPointer<UInt8>
    private let claims: BlockClaims
    /// What builds the text index's filter of the chunk's events, if the audit checks it.
    private let text: ChunkText?
    private let worker = DispatchGroup()
    private var finished = false
    /// The root of the chunk's records when they are one whole aligned subtree.
    private(set) var subtreeRoot: [UInt8]?

    /// The block's and run's filters of the text codes of the chunk's events that the text
    /// index covers, once opened.
    var textFilters: (block: TextFilter, run: TextFilter)? {
        text.map { ($0.caller.filter(.block).union($0.worker.filter(.block)), $0.caller.filter(.run).union($0.worker.filter(.run))) }
    }

    init(records: [PendingRecord], text: ChunkText? = nil) {
        self.records = records
        self.text = text
        outcomes = .allocate(capacity: records.count)
        outcomes.initialize(repeating: .notSealedHere)
        leafHashes = .allocate(capacity: records.count * MerkleHasher.hashSize)
        // In a whole chunk each claimed block is a perfect subtree, hashed by the thread that opened it.
        claims = BlockClaims(count: records.count)
        blockRoots = .allocate(capacity: claims.blocks * MerkleHasher.hashSize)
    }

    deinit {
        outcomes.deinitialize()
        outcomes.deallocate()
        leafHashes.deallocate()
        blockRoots.deallocate()
    }

    func leafHash(_ index: Int) -> [UInt8] {
        Array(leafHashes[(index * MerkleHasher.hashSize)..<((index + 1) * MerkleHasher.hashSize)])
    }

    /// Whether the records are the `size` consecutive sequences of one aligned subtree.
    var isWholeSubtree: Bool {
        guard records.count == Self.size, let first = records.first?.sequence, let last = records.last?.sequence else { return false }
        return first % UInt64(Self.size) == 0 && last == first + UInt64(Self.size) - 1
    }

    /// Starts a worker on `queue` opening and hashing blocks of records, and returns at once:
    /// the caller checks the chunk before and reads the records of the next meanwhile, then
    /// calls `finishOpening`. `queue` must be serial: each worker uses the secondary codec.
    func startOpening(with ledger: Ledger, on queue: DispatchQueue) {
        // The worker writes only the slots of the blocks it claims; keys and dictionaries
        // (behind their lock) are only read.
        let work = UnsafeTransfer((chunk: self, ledger: ledger))
        queue.async(group: worker) {
            let (chunk, ledger) = work.value
            chunk.openClaimedBlocks(codec: ledger.secondaryCodec, ledger: ledger, textFilters: chunk.text?.worker)
        }
    }

    /// Opens the blocks the worker has not claimed, waits for it, and joins the blocks'
    /// subtrees when the chunk is whole. Once done, calling it again does nothing.
    func finishOpening(with ledger: Ledger) {
        guard !finished else { return }
        finished = true
        openClaimedBlocks(codec: ledger.codec, ledger: ledger, textFilters: text?.caller)
        worker.wait()
        guard isWholeSubtree else { return }
        var joined = MerkleFrontier()
        for block in 0..<claims.blocks {
            let root = blockRoots[(block * MerkleHasher.hashSize)..<((block + 1) * MerkleHasher.hashSize)]
            joined.append(subtreeRoot: Array(root), height: BlockClaims.blockHeight)
        }
        subtreeRoot = joined.root
    }

    private func openClaimedBlocks(codec: RecordCodec, ledger: Ledger, textFilters: TextCodeFilterSink?) {
        ledger.indexHasher.withPinnedKey { indexHasher in
            openClaimedBlocks(codec: codec, ledger: ledger, indexHasher: indexHasher, textFilters: textFilters)
        }
    }

    private func openClaimedBlocks(codec: RecordCodec, ledger: Ledger, indexHasher: PinnedIDIndexHasher, textFilters: TextCodeFilterSink?) {
        let whole = isWholeSubtree
        var payloadGrams = PayloadGrams()
        while let block = claims.claim() {
            var frontier = MerkleFrontier()
            for index in claims.range(of: block) {
                let item = records[index]
                let leaf = MerkleHasher.leaf(item.record)
                _ = UnsafeMutableBufferPointer(rebasing: leafHashes[(index * MerkleHasher.hashSize)...]).initialize(from: leaf)
                if whole { frontier.append(leafHash: leaf) }
                let covered = textFilters.map { item.sequence < $0.covered } ?? false
                outcomes[index] = Self.outcome(of: item, codec: codec, ledger: ledger, indexHasher: indexHasher, textFilters: covered ? textFilters : nil, scratch: &payloadGrams)
            }
            if whole { _ = UnsafeMutableBufferPointer(rebasing: blockRoots[(block * MerkleHasher.hashSize)...]).initialize(from: frontier.root) }
        }
    }

    private static func outcome(
        of item: PendingRecord, codec: RecordCodec, ledger: Ledger, indexHasher: PinnedIDIndexHasher, textFilters: TextCodeFilterSink?,
        scratch payloadGrams: inout PayloadGrams
    ) -> Outcome {
        ReadStatistics.recordsOpened.wrappingAdd(1, ordering: .relaxed)
        let encoded: [UInt8]
        do {
            encoded = try codec.open(item.record, sequence: item.sequence, noncePrefix: item.batch.noncePrefix)
        } catch RecordError.seal {
            return .notSealedHere
        } catch {
            return .undecodable("\(error)")
        }
        do {
            let ownTextFilter = try textFilters.flatMap { sink in
                LargeEventFilters.isLarge(item.record) ? sink.ownFilter(try LargeEventFilters.codes(ofEncoded: encoded)) : nil
            }
            // Most events need only their header, checked as a whole decode checks them.
            let header: EventHeader
            if let textFilters, let start = EnvelopeCodec.kindAndSchema(encoded), !Upcasters.isCurrent(start.kind, schema: start.schema) {
                // Indexed as readers see it, upcast; rare enough to decode.
                header = try EnvelopeCodec.header(encoded)
                for code in PayloadText.codes(of: try Upcasters.upgrade(EnvelopeCodec.decode(encoded, recordedAt: Timestamp(micros: 0)))) { textFilters.add(code) }
            } else if let textFilters {
                payloadGrams.removeAll()
                header = try EnvelopeCodec.header(encoded, grams: &payloadGrams)
                for code in payloadGrams.codes { textFilters.add(code) }
            } else {
                header = try EnvelopeCodec.header(encoded)
            }
            if header.kind != .faceCaptured, header.kind != .subjectErased, let facts = IndexFacts(header) {
                return .opened(AuditedEvent(
                    id: header.id, indexKey: IndexKey(of: header.id, indexHasher), imageBlob: nil, erasedBlob: nil, indexFacts: facts,
                    ownTextFilter: ownTextFilter))
            }
            let event = try EnvelopeCodec.decode(encoded, recordedAt: Timestamp(micros: 0))
            var imageBlob: String?
            var erasedBlob: String?
            switch event.kind {
            case .faceCaptured: imageBlob = (try? event.decode(FaceCaptured.self))?.imageBlob
            case .subjectErased: erasedBlob = (try? event.decode(SubjectErased.self))?.blob
            default: break
            }
            // Its text codes went to the chunk's filters as its header was read.
            let facts = IndexFacts(event, textCodes: [])
            return .opened(AuditedEvent(
                id: event.id, indexKey: IndexKey(of: event.id, indexHasher), imageBlob: imageBlob, erasedBlob: erasedBlob, indexFacts: facts,
                ownTextFilter: ownTextFilter))
        } catch {
            return .undecodable("\(error)")
        }
    }
}

/// The text index's filter of a chunk's events, built by the two threads that open them, each
/// with its own table of code bits.
struct ChunkText {
    let caller: TextCodeFilterSink
    let worker: TextCodeFilterSink

    init(callerBits: TextCodeBitTable, workerBits: TextCodeBitTable, covered: UInt64) {
        caller = TextCodeFilterSink(callerBits, covered: covered)
        worker = TextCodeFilterSink(workerBits, covered: covered)
    }
}

/// Adds each text code it is handed to a block's and a run's filter; used by one thread at a
/// time. The bits are its own memory rather than a `TextFilter`'s array: an audit hands it
/// every text code of the log.
final class TextCodeFilterSink {
    private let table: TextCodeBitTable
    /// Only events before this are in the text index.
    let covered: UInt64
    private let blockBits: UnsafeMutablePointer<UInt8>
    private let runBits: UnsafeMutablePointer<UInt8>

    init(_ table: TextCodeBitTable, covered: UInt64) {
        self.table = table
        self.covered = covered
        blockBits = .allocate(capacity: TextFilterScope.block.bytes)
        blockBits.initialize(repeating: 0, count: TextFilterScope.block.bytes)
        runBits = .allocate(capacity: TextFilterScope.run.bytes)
        runBits.initialize(repeating: 0, count: TextFilterScope.run.bytes)
    }

    deinit {
        blockBits.deallocate()
        runBits.deallocate()
    }

    func add(_ code: UInt32) {
        let packed = table.bits(code)
        for slot in 0..<TextBlooms.bitsPerCode {
            let inBlock = TextFilterScope.block.position(packed, slot: slot), inRun = TextFilterScope.run.position(packed, slot: slot)
            blockBits[inBlock >> 3] |= 1 << (inBlock & 7)
            runBits[inRun >> 3] |= 1 << (inRun & 7)
        }
    }

    /// The filter of its own of a large event with these codes (`LargeEventFilters`).
    func ownFilter(_ codes: [UInt32]) -> TextFilter { LargeEventFilters.filter(of: codes, table) }

    func filter(_ scope: TextFilterScope) -> TextFilter {
        TextFilter(scope, bits: UnsafeBufferPointer(start: scope == .block ? blockBits : runBits, count: scope.bytes))
    }
}
