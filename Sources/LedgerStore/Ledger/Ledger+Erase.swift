public import LedgerCore

/// What `eraseBlob` did.
public enum BlobErasure: Sendable, Equatable {
    /// The key and the sealed content were destroyed; the `subject.erased` event is at this sequence.
    case erased(sequence: UInt64)
    /// An earlier erasure already destroyed them.
    case alreadyErased
}

extension Ledger {
    /// Crypto-shreds the blob `name` that event `target` refers to: records `subject.erased`,
    /// then deletes the blob's wrapped key and its sealed content.
    ///
    /// The record comes first so that a crash between the two steps leaves an erasure that
    /// is recorded but not yet done, which running this again completes, rather than a
    /// blob gone without a trace. The freed pages still hold the sealed bytes until the
    /// environment is compacted (`VaultCompaction`); without the key they cannot be opened.
    public func eraseBlob(_ name: String, of target: EventID, recordedAt: Timestamp = .now()) throws -> BlobErasure {
        let present = try environment.read { txn in
            try txn.get(databases.blobs, key: BlobEntry.wrappedKey(name)) != nil || txn.get(databases.blobs, key: BlobEntry.content(name)) != nil
        }
        guard present else {
            if try erasureRecorded(blob: name) { return .alreadyErased }
            throw BlobError(.missing, name: name)
        }
        let erasure = Event(SubjectErased(target: target, blob: name), start: recordedAt, utcOffset: 0, source: .cli)
        // A new random id is never a duplicate, so the append always stores it.
        let sequence = try append([erasure], recordedAt: recordedAt).appended[0]
        try environment.write { txn in
            try txn.delete(databases.blobs, key: BlobEntry.wrappedKey(name))
            try txn.delete(databases.blobs, key: BlobEntry.content(name))
        }
        return .erased(sequence: sequence)
    }

    /// Whether a `subject.erased` event names the blob, so that an absent blob can be told
    /// apart from one never stored.
    func erasureRecorded(blob name: String) throws -> Bool {
        var found = false
        try forEach { stored in
            if stored.event.kind == .subjectErased, (try? stored.event.decode(SubjectErased.self))?.blob == name { found = true }
            return !found
        }
        return found
    }
}
