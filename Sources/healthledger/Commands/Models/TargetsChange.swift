import LedgerCore
import Projections

/// Appends the whole new target list as one setting, so replay knows what was in force when.
enum TargetsChange {
    /// With --json: `{"changed": false, "targets": […]}`, or the setting stored (as any entry
    /// prints it) with `"changed": true` and the new `targets`.
    static func apply(vault: VaultOptions, entry: EntryOptions, output: JSONOutput, _ change: ([FaceModelTarget]) throws -> [FaceModelTarget]?) throws {
        let ledger = try vault.openLedger()
        let current = try ProjectionEngine.current(FaceModelsView.self, ledger: ledger).fold.targets
        guard let targets = try change(current) else {
            guard output.json else { return print("no change: the targets are \(current.map(\.name).joined(separator: ", "))") }
            return output.print(["changed": .bool(false), "targets": names(current)])
        }
        let setting = SettingChanged(key: FaceModelsState.targetsKey, value: names(targets))
        try vault.store([try entry.event(setting)], into: ledger, output: output, fields: ["changed": .bool(true), "targets": names(targets)])
        if !output.json { print("targets: \(targets.map(\.name).joined(separator: ", "))") }
    }

    private static func names(_ targets: [FaceModelTarget]) -> DocValue { .array(targets.map { .string($0.name) }) }
}
