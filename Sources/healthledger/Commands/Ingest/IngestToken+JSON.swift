import LedgerApplication
import LedgerCore

extension IngestToken {
    /// A token as `ingest token list --json` and `ingest token revoke --json` print it.
    var document: Document {
        var document: Document = ["id": .string(id), "name": .string(name), "added": .string(added.iso8601(utcOffset: 0))]
        document["revoked"] = revoked.map { .string($0.iso8601(utcOffset: 0)) } ?? .null
        return document
    }
}
