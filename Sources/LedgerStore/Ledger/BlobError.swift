/// Why a stored blob (an image) cannot be read back.
public struct BlobError: Error, CustomStringConvertible, Equatable {
    enum Reason: Equatable {
        case missing
        case keyDestroyed
        case unreadable(String)
    }

    let reason: Reason
    /// The blob's name, as events hold it (`imageBlob`).
    public let name: String

    init(_ reason: Reason, name: String) {
        self.reason = reason
        self.name = name
    }

    /// Whether the blob is there but damaged (changed bytes, a key from elsewhere), as
    /// opposed to absent or erased on purpose.
    public var isDamaged: Bool { if case .unreadable = reason { true } else { false } }

    public var description: String {
        switch reason {
        case .missing: "no blob named \(name) in this vault"
        case .keyDestroyed: "blob \(name) was erased: its key is destroyed, so it can no longer be read"
        case .unreadable(let detail): "blob \(name) is damaged: \(detail); restore the vault from a backup or run `healthledger audit`"
        }
    }
}
