public import Foundation
import LedgerCore
public import LedgerCrypto

/// The latest checkpoint this machine saw a vault sign, kept outside the vault folder (under
/// `$XDG_STATE_HOME/healthledger/`). An older copy of the vault put in its place carries an
/// older checkpoint that still verifies; only a record kept elsewhere tells it from the real one.
///
/// One witness per vault and folder: copies of one vault in two folders (a backup beside it)
/// may both grow, and neither is a rollback of the other.
public struct CheckpointWitness: Sendable {
    public let file: String

    public init(file: String) { self.file = file }

    /// The witness of the vault in `directory`, or nil when neither `XDG_STATE_HOME` nor
    /// `HOME` names a place for it.
    public static func forVault(
        in directory: String, header: VaultHeader, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> CheckpointWitness? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let place = URL(fileURLWithPath: directory).standardizedFileURL.resolvingSymlinksInPath().path
        let placeHash = Hex.encode(Hashing.blake2b(Array(place.utf8), outputLength: 8))
        return CheckpointWitness(file: "\(base)/healthledger/\(header.vaultID)-\(placeHash).checkpoint")
    }

    /// The checkpoint kept, or nil when there is none or it was not signed by `publicKey`.
    public func read(publicKey: [UInt8]) -> SignedCheckpoint? {
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        return try? SignedCheckpoint.parse(note: String(decoding: data, as: UTF8.self), publicKey: publicKey)
    }

    /// Keeps `checkpoint` if it covers more of the log than the one kept. Best effort: it runs
    /// after the log committed, and a witness left older only weakens the check, never
    /// raises a false alarm.
    func record(_ checkpoint: SignedCheckpoint, publicKey: [UInt8]) {
        if let kept = read(publicKey: publicKey), kept.size >= checkpoint.size { return }
        try? PrivateFile.createFolder(PathText.folder(of: file))
        try? PrivateFile.write(Array(checkpoint.note(publicKey: publicKey).utf8), to: file, durability: .cached)
    }
}
