import LedgerCore
import Projections

/// Appends the whole new target list as one setting, so replay knows what was in force when.
enum TargetsChange {
    static func apply(vault: VaultOptions, entry: EntryOptions, _ change: ([FaceModelTarget]) throws -> [FaceModelTarget]?) throws {
        let ledger = try vault.openLedger()
        let current = try ProjectionEngine.current(FaceModelsView.self, ledger: ledger).fold.targets
        guard let targets = try change(current) else {
            print("no change: the targets are \(current.map(\.name).joined(separator: ", "))")
            return
        }
        let setting = SettingChanged(key: FaceModelsState.targetsKey, value: .array(targets.map { .string($0.name) }))
        try vault.store([try entry.event(setting)], into: ledger, output: JSONOutput())
        print("targets: \(targets.map(\.name).joined(separator: ", "))")
    }
}
