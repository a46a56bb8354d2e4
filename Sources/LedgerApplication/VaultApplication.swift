import Foundation
public import LedgerStore

/// What every front end (the CLI, the dashboard, the tools) does with a vault, in one place:
/// open it, append and bring the views up to date, read views now or as of a point.
public struct VaultApplication {
    public let ledger: Ledger
    /// Hears why the views could not be brought up to date after an append (one needs a
    /// replay, say): the events stay stored, and the front end says so its own way.
    public let viewsBehind: (any Error) -> Void

    /// What the CLI and the dashboard (one process) say when views fall behind an append.
    public static func viewsBehindOnStandardError(_ error: any Error) {
        FileHandle.standardError.write(Data("healthledger: stored, but views are not updated: \(error)\n".utf8))
    }

    public init(_ ledger: Ledger, viewsBehind: @escaping (any Error) -> Void) {
        self.ledger = ledger
        self.viewsBehind = viewsBehind
    }

    /// The unlocked vault at `path`, first compared with the checkpoint this machine last saw
    /// it sign (`audit` skips that comparison to report it with everything else).
    public static func open(
        vault path: String, key: KeySource, checkingWitness: Bool = true, viewsBehind: @escaping (any Error) -> Void
    ) throws -> VaultApplication {
        let header = try VaultHeader.read(vault: path)
        let ledger = try Ledger(directory: path, masterKey: key.masterKey(header))
        ledger.witness = CheckpointWitness.forVault(in: path, header: header)
        if checkingWitness { try ledger.checkWitness() }
        return VaultApplication(ledger, viewsBehind: viewsBehind)
    }
}
