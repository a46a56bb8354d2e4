public import LedgerCore
public import LedgerStore
public import Projections

extension VaultApplication {
    /// Stores `events` and brings every view up to date. A view that cannot catch up does not
    /// undo the append: `viewsBehind` hears why.
    /// `idsDrawnAtRandom`: see `Ledger.append`.
    @discardableResult
    public func append(_ events: [Event], idsDrawnAtRandom: Bool = false) throws -> AppendOutcome {
        let outcome = try ledger.append(events, idsDrawnAtRandom: idsDrawnAtRandom)
        catchUpViews()
        return outcome
    }

    /// Stores what `produce` hands over slice by slice (`SlicedAppend.add`) in one durable
    /// transaction, then brings every view up to date: for a request that must be one commit
    /// but is too large to hold as events. Nothing is stored when `produce` throws.
    public func appendInSlices<Result>(_ produce: (SlicedAppend) throws -> Result) throws -> (result: Result, outcome: AppendOutcome) {
        let append = SlicedAppend(ledger)
        let result = try produce(append)
        let outcome = try append.commit()
        catchUpViews()
        return (result, outcome)
    }

    /// Brings every view up to date with what another path stored (a bulk import, an erasure).
    /// Correct beside any number of other writers: a catch-up saves only over the checkpoint
    /// it started from (`ProjectionEngine.current`).
    public func catchUpViews() {
        do {
            try ProjectionCatalog.catchUpAll(ledger: ledger)
        } catch {
            viewsBehind(error)
        }
    }

    /// Runs a bulk append (an import) with the views folded as its batches are prepared, then
    /// brings them up to date, whether `body` stored everything or stopped on an error.
    ///
    /// `body` gets nil views when they cannot be folded live (one needs a replay): the
    /// catch-up afterwards then says why.
    public func appendInBulk<Result>(_ body: (LiveViews?) throws -> Result) throws -> Result {
        let views = try? ProjectionCatalog.liveViews(ledger: ledger)
        defer {
            try? views?.finish()
            catchUpViews()
        }
        return try body(views)
    }
}
