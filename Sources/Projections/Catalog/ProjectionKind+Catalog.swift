import LedgerStore

/// What `ProjectionCatalog` does with each view it lists, written once for every kind so the
/// catalog can iterate its list instead of naming each view at every use.
extension ProjectionKind {
    /// This view rebuilt from sequence 0 into a shadow, for `ProjectionCatalog.replay`.
    static func shadowRebuild(ledger: Ledger) throws -> any ViewRebuild {
        try ShadowRebuild(Self.self, ledger: ledger)
    }

    /// This view's two ways of catching up, for `ProjectionCatalog.catchUpAll`.
    static func catchUpStep(ledger: Ledger) -> CatchUpStep {
        CatchUpStep(pending: { try ProjectionEngine.pendingCatchUp(Self.self, ledger: ledger) },
                    current: { _ = try ProjectionEngine.current(Self.self, ledger: ledger) })
    }

    /// This view folded as a bulk append lands, for `ProjectionCatalog.liveViews`.
    static func liveView(ledger: Ledger) throws -> any LiveView {
        try LiveProjection<Self>(ledger: ledger)
    }
}

/// One view's two ways of catching up, for `ProjectionCatalog.catchUpAll`.
struct CatchUpStep {
    let pending: () throws -> PendingCatchUp
    let current: () throws -> Void
}
