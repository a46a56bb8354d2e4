import ArgumentParser
import LedgerCore
import Projections

/// The values a shell completes for the ledger's own names, so a person tabs to a kind or a
/// view instead of looking it up.
extension CompletionKind {
    /// Every kind by its full name and its short form (`mood` for `mood.rated`), as `--kind` takes them.
    static var kinds: CompletionKind { .list(KindSuggestion.names) }

    /// The views `replay` rebuilds.
    static var views: CompletionKind { .list(ProjectionCatalog.names) }
}
