/// Whole numbers with a comma every three digits (`-12,345`), the same in every locale: the
/// report, the charts and the dashboard print counts this way so that they read alike.
public enum Thousands {
    public static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var text = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(character)
        }
        return (value < 0 ? "-" : "") + text
    }
}
