/// The phone's locale, which decides how Health writes the few values it formats for
/// people rather than machines: ECG voltages and HRV beat times.
struct ExportLocale {
    let identifier: String

    /// Languages whose numbers use a decimal comma.
    private static let commaLanguages: Set<String> = [
        "cs", "da", "de", "es", "fi", "fr", "id", "it", "nb", "nl", "pl", "pt", "ru", "sv", "tr", "uk", "vi",
    ]

    var usesDecimalComma: Bool {
        Self.commaLanguages.contains(String(identifier.prefix { $0 != "_" && $0 != "-" }))
    }

    var beatClockStyle: BeatClockStyle { usesDecimalComma ? .twentyFourHourDecimalComma : .twelveHour }
}
