import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore
import Projections

struct SettingsList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Every known setting: its value now, the local day it is in force since, and what it allows.")
    @Flag(help: "One JSON object per setting.") var json = false
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let now = Timestamp.now()
        var latest: [String: (setting: SettingChanged, event: Event)] = [:]
        for current in try ledger.currentEvents(ofKinds: [.settingChanged]) where !current.isRetracted {
            guard current.event.start <= now, let setting = try? current.event.decode(SettingChanged.self) else { continue }
            if let held = latest[setting.key], held.event.start > current.event.start { continue }
            latest[setting.key] = (setting, current.event)
        }
        let unknown = latest.keys.filter { KnownSetting.named($0) == nil }.sorted()
        for key in KnownSetting.all.map(\.key) + unknown {
            let known = KnownSetting.named(key)
            let change = latest[key].flatMap { held -> (setting: SettingChanged, event: Event)? in
                switch held.setting.value {
                case .null, .string("null"): nil
                default: held
                }
            }
            let since = latest[key].map { String($0.event.start.iso8601(utcOffset: $0.event.utcOffset).prefix(10)) }
            let value = change.map { held in
                var text = ""
                JSONWriter.write(held.setting.value, into: &text)
                return text
            } ?? known?.defaultText ?? "-"
            if json {
                var document: Document = ["key": .string(key), "value": change?.setting.value ?? .null, "isDefault": .bool(change == nil)]
                document.set("since", since.map { .string($0) })
                document.set("allowed", known.map { .string($0.allowed) })
                if known == nil { document["known"] = .bool(false) }
                print(JSONWriter.string(document))
            } else {
                let origin = since.map { change == nil ? "default since \($0)" : "since \($0)" } ?? "default"
                let note = known == nil ? "  (read by no view)" : ""
                print("\(key.padding(toLength: 26, withPad: " ", startingAt: 0)) \(value)  [\(origin)]\(note)")
            }
        }
    }
}
