public import LedgerCrypto

/// What `audit` found: every record opened and the tree recomputed, problems named by sequence.
public struct AuditReport: Sendable {
    public var recordsChecked: UInt64 = 0
    /// For `audit --since`: the size of the kept checkpoint, after which records were checked.
    public var since: UInt64?
    public var problems: [AuditProblem] = []
    /// The vault's own latest signed checkpoint, when it verified.
    public var checkpoint: SignedCheckpoint?
    /// The result of comparing with an older checkpoint, when one was given.
    public var consistency: Consistency?

    public var isClean: Bool { problems.isEmpty && (consistency?.isConsistent ?? true) }

    public enum Consistency: Sendable, Equatable {
        /// The first `olderSize` records still hash to the older root: the log only grew.
        case grewFrom(olderSize: UInt64, to: UInt64)
        /// The vault holds fewer events than the older checkpoint covers.
        case rolledBack(olderSize: UInt64, current: UInt64)
        /// Same prefix length, different root: history was rewritten.
        case rewritten(olderSize: UInt64)

        public var isConsistent: Bool { if case .grewFrom = self { true } else { false } }

        public var description: String {
            switch self {
            case .grewFrom(let older, let current):
                "consistent: the log only grew since the checkpoint (\(older) → \(current) events)"
            case .rolledBack(let older, let current):
                "ROLLBACK: the checkpoint covers \(older) events but the vault holds \(current); it was replaced by an older copy or cut short"
            case .rewritten(let older):
                "REWRITTEN: the first \(older) records no longer hash to the root the checkpoint signed"
            }
        }
    }
}

/// One thing wrong with the log, at an exact place.
public struct AuditProblem: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case modified, missing, reordered, inserted, removed, truncated, undecodable, checkpoint
        case batch, index, duplicate, blob, view
    }

    public let kind: Kind
    /// The first sequence number concerned.
    public let sequence: UInt64
    /// The last one, for a run of records with the same problem.
    public let lastSequence: UInt64
    public let detail: String

    public var description: String {
        let place = lastSequence > sequence ? "sequences \(sequence)–\(lastSequence)" : "sequence \(sequence)"
        return "\(kind.rawValue) at \(place): \(detail)"
    }
}
