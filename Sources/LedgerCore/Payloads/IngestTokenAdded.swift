/// A device was given a bearer token for `ingest serve`; the vault keeps only the token's hash.
///
/// The fold of `ingestToken.added` and `ingestToken.revoked` gives the tokens in force, so
/// audit covers them and a replay sees which device could deliver when.
public struct IngestTokenAdded: EventPayload {
    public static let kind = EventKind.ingestTokenAdded
    public static let schema = 1

    /// A short public id (hex) that `ingest token revoke` and `sources` name the token by.
    public var token: String
    /// The device, as the person named it (`Alex's iPhone`).
    public var name: String
    /// SHA-256 of the token's text, hex: enough to check one presented, useless to present.
    public var hash: String

    public init(token: String, name: String, hash: String) {
        self.token = token
        self.name = name
        self.hash = hash
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            token = try Self.hex(document.string("token"), "token", length: nil)
            name = try Rule.nonEmpty(document.string("name"), "name")
            hash = try Self.hex(document.string("hash"), "hash", length: 64)
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document { ["token": .string(token), "name": .string(name), "hash": .string(hash)] }

    /// Lower-case hex, of `length` characters when given.
    static func hex(_ text: String, _ field: String, length: Int?) throws(ValidationError) -> String {
        let isHex = !text.isEmpty && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
        guard isHex, length.map({ text.utf8.count == $0 }) ?? (text.utf8.count <= 64) else {
            let size = length.map { "\($0)" } ?? "1–64"
            throw ValidationError(field: field, value: describe(.string(text)), reason: "must be \(size) lower-case hex digits")
        }
        return text
    }
}
