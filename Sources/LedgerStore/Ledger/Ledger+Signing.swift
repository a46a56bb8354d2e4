import LedgerCrypto

extension Ledger {
    /// Signs `message` with the vault's Ed25519 key (the one its checkpoints are signed
    /// with), so documents made from this vault — a bundle's manifest — can prove where
    /// they came from. Anyone verifies with `header.publicKeyBytes`.
    public func sign(_ message: [UInt8]) -> [UInt8] { signingKey.sign(message) }
}
