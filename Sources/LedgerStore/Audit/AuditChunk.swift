import Dispatch
import LedgerCore
import LedgerCrypto
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
    /// The root of the chunk's records when they are one whole aligned subtree.
    private(set) var subtreeRoot: [UInt8]?

    init(records: [PendingRecord]) {
        self.records = records
        outcomes = .allocate(capacity: records.count)
        outcomes.initialize(repeating: .notSealedHere)
        leafHashes = .allocate(capacity: records.count * MerkleHasher.hashSize)
    }

    deinit {
        outcomes.deinitialize()
        outcomes.deallocate()
        leafHashes.deallocate()
    }

    func leafHash(_ index: Int) -> [UInt8] {
        Array(leafHashes[(index * MerkleHasher.hashSize)..<((index + 1) * MerkleHasher.hashSize)])
    }

    /// Whether the records are the `size` consecutive sequences of one aligned subtree.
    var isWholeSubtree: Bool {
        guard records.count == Self.size, let first = records.first?.sequence, let last = records.last?.sequence else { return false }
        return first % UInt64(Self.size) == 0 && last == first + UInt64(Self.size) - 1
    }

    /// Opens and hashes every record, three quarters on a worker and the last quarter here,
    /// each into its own slots; joins the two halves' subtrees when the chunk is whole.
    func open(with ledger: Ledger) {
        let split = records.count * 3 / 4
        let group = DispatchGroup()
        // The worker writes only its own slots and uses the secondary codec; keys and
        // dictionaries (behind their lock) are only read.
        let worker = UnsafeTransfer((chunk: self, ledger: ledger))
        let workerPart = LockedBox(MerkleFrontier())
        DispatchQueue.global().async(group: group) {
            let (chunk, ledger) = worker.value
            let frontier = chunk.open(0..<split, codec: ledger.secondaryCodec, ledger: ledger)
            workerPart.withLock { $0 = frontier }
        }
        let ownPart = open(split..<records.count, codec: ledger.codec, ledger: ledger)
        group.wait()
        guard isWholeSubtree else { return }
        // 3/4 of a power of two: the worker's part ends where the last quarter's subtree starts.
        var joined = workerPart.withLock { $0 }
        joined.append(subtreeRoot: ownPart.root, height: Self.height - 2)
        subtreeRoot = joined.root
    }

    private func open(_ range: Range<Int>, codec: RecordCodec, ledger: Ledger) -> MerkleFrontier {
        var frontier = MerkleFrontier()
        for index in range {
            let item = records[index]
            let leaf = MerkleHasher.leaf(item.record)
            _ = UnsafeMutableBufferPointer(rebasing: leafHashes[(index * MerkleHasher.hashSize)...]).initialize(from: leaf)
            frontier.append(leafHash: leaf)
            outcomes[index] = Self.outcome(of: item, codec: codec, ledger: ledger)
        }
        return frontier
    }

    private static func outcome(of item: PendingRecord, codec: RecordCodec, ledger: Ledger) -> Outcome {
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
            let event = try EnvelopeCodec.decode(encoded, recordedAt: Timestamp(micros: 0))
            var imageBlob: String?
            var erasedBlob: String?
            switch event.kind {
            case .faceCaptured: imageBlob = (try? event.decode(FaceCaptured.self))?.imageBlob
            case .subjectErased: erasedBlob = (try? event.decode(SubjectErased.self))?.blob
            default: break
            }
            return .opened(AuditedEvent(
                id: event.id, indexKey: IndexKey(of: event.id, ledger.indexHasher), imageBlob: imageBlob, erasedBlob: erasedBlob,
                indexFacts: IndexFacts(event)))
        } catch {
            return .undecodable("\(error)")
        }
    }
}
