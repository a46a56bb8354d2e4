import LedgerCore
import Projections

/// Refuses a setting change no view could use, before it is stored.
enum SettingCheck {
    /// Known keys must hold an allowed value; an unknown key (a typo, most often) is stored
    /// only when `force` says it is meant.
    static func check(_ event: Event, force: Bool) throws {
        guard event.kind == .settingChanged else { return }
        let setting = try event.decode(SettingChanged.self)
        guard let known = KnownSetting.named(setting.key) else {
            guard force else {
                throw ValidationError(
                    kind: .settingChanged, field: "key", value: describe(.string(setting.key)),
                    reason: "is read by no view (known: \(KnownSetting.all.map(\.key).joined(separator: ", "))); "
                        + "check the spelling, or add --force to store it anyway")
            }
            return
        }
        try known.check(setting.value)
    }
}
