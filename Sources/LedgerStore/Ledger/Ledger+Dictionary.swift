import LedgerCore
import LedgerCrypto
import Synchronization

extension Ledger {
    static let dictionaryCapacity = 16 * 1024
    /// Later dictionaries are trained when the log has grown this many times since the last.
    static let retrainGrowth: UInt64 = 16

    /// Makes sure every dictionary up to `current` is loaded for compression and reading.
    func loadDictionaries(_ txn: Transaction, upTo current: UInt8?) throws {
        guard let current else { return }
        for id in 1...current where !shelf.contains(id) {
            guard let sealed = try txn.get(databases.meta, key: MetaKey.dictionary(id)) else {
                throw LedgerStoreError.unreadableRecord(sequence: 0, reason: "compression dictionary \(id) is missing")
            }
            do {
                shelf.add(id, bytes: try logMetadataSealer.open(sealed, associatedData: associatedData(dictionary: id)))
            } catch {
                throw LedgerStoreError.unreadableRecord(sequence: 0, reason: "compression dictionary \(id): \(error)")
            }
        }
    }

    /// Trains a dictionary on the vault's own events — this batch first, then a spread of
    /// what is stored — and seals it into the vault. Small logs that give zstd too little
    /// to learn from simply try again at the next threshold. `incoming` is how many events
    /// the transaction adds.
    func trainDictionary(_ txn: Transaction, state: inout LedgerState, samples: DictionarySamples, incoming: Int) throws {
        let nextID = (state.currentDictionary ?? 0) + 1
        var samples = samples
        let stored = state.frontier.size
        if !samples.isFull, stored > 0 {
            let wanted = UInt64(DictionarySamples.mostCount - samples.count)
            let step = max(1, stored / wanted)
            try scanRecords(txn, from: 0) { sequence, record, batch in
                if sequence % step == 0, let encoded = try? codec.open(record, sequence: sequence, noncePrefix: batch.noncePrefix) {
                    ReadStatistics.recordsOpened.wrappingAdd(1, ordering: .relaxed)
                    encoded.withUnsafeBytes { samples.add($0) }
                }
                return !samples.isFull
            }
        }
        state.nextTraining = max(state.nextTraining, stored + UInt64(incoming)) * Self.retrainGrowth
        try txn.put(databases.meta, key: MetaKey.nextTraining, value: bigEndianBytes(nextID < 254 ? state.nextTraining : .max))
        guard let dictionary = Compressor.trainDictionary(samples: samples, capacity: Self.dictionaryCapacity) else { return }
        try txn.put(databases.meta, key: MetaKey.dictionary(nextID), value: logMetadataSealer.seal(dictionary, associatedData: associatedData(dictionary: nextID)))
        try txn.put(databases.meta, key: MetaKey.currentDictionary, value: [nextID])
        shelf.add(nextID, bytes: dictionary)
        state.currentDictionary = nextID
    }
}
