import LedgerCore
public import LedgerStore

/// The tokens the log has given, folded from `ingestToken.added` and `ingestToken.revoked`
/// in log order.
public struct IngestTokens: Sendable {
    /// Every token ever added, oldest first, revoked ones included.
    public private(set) var all: [IngestToken] = []

    /// Amendments only ever take access away: a token's hash is read as it was added (a
    /// correction cannot swap in a token someone else knows), a retracted token is revoked
    /// from its retraction on, and a retracted revocation stays a revocation.
    public init(_ ledger: Ledger) throws {
        for current in try ledger.currentEvents(ofKinds: [.ingestTokenAdded, .ingestTokenRevoked]) {
            let event = current.stored.event
            if let added = try? event.decode(IngestTokenAdded.self), let hash = Hex.decode(added.hash) {
                let retracted = current.amendments.first { $0.event.kind == .eventRetracted }
                all.append(IngestToken(id: added.token, name: added.name, hash: hash, added: event.start, revoked: retracted?.event.start))
            } else if let revoked = try? event.decode(IngestTokenRevoked.self),
                      let index = all.firstIndex(where: { $0.id == revoked.token && $0.isActive }) {
                all[index].revoked = event.start
            }
        }
    }

    public var active: [IngestToken] { all.filter(\.isActive) }

    /// The token in force whose text `secret` is, or nil. Every token in force is compared, so
    /// the time taken says nothing about which one came close.
    public func token(presenting secret: String) -> IngestToken? {
        let presented = IngestToken.hash(of: secret)
        var found: IngestToken?
        for token in active where token.accepts(hashOfSecret: presented) { found = token }
        return found
    }

    /// The token in force named `nameOrID`: its id, or its device name.
    public func active(named nameOrID: String) -> IngestToken? {
        active.first { $0.id == nameOrID } ?? active.first { $0.name == nameOrID }
    }
}
