import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

extension VaultApplication {
    /// Gives `name` a new token for `ingest serve` and stores its hash; returns the token and
    /// its text, which nothing keeps: the caller shows it once.
    public func addIngestToken(name: String) throws -> (token: IngestToken, secret: String) {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 100, !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw EntryRejected("the device name '\(name)' must be 1–100 characters without control characters, like \"Alex's iPhone\"")
        }
        let tokens = try IngestTokens(ledger)
        guard tokens.active(named: trimmed) == nil else {
            throw EntryRejected("a token named '\(trimmed)' is in force already; revoke it first (`ingest token revoke \"\(trimmed)\"`) or choose another name")
        }
        let secret = IngestToken.newSecret()
        let id = Hex.encode(secureRandomBytes(4))
        let payload = IngestTokenAdded(token: id, name: trimmed, hash: Hex.encode(IngestToken.hash(of: secret)))
        let event = Event(payload, id: .random(), start: .now(), utcOffset: 0, source: .cli)
        try append([event])
        return (IngestToken(id: id, name: trimmed, hash: IngestToken.hash(of: secret), added: event.start), secret)
    }

    /// Revokes the token in force named `nameOrID` (its id or its device name).
    public func revokeIngestToken(_ nameOrID: String) throws -> IngestToken {
        guard var token = try IngestTokens(ledger).active(named: nameOrID) else {
            throw EntryRejected("no token in force is named '\(nameOrID)'; `healthledger ingest token list` shows their names and ids")
        }
        let event = Event(IngestTokenRevoked(token: token.id), id: .random(), start: .now(), utcOffset: 0, source: .cli)
        try append([event])
        token.revoked = event.start
        return token
    }
}
