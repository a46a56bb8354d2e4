/// Health writes a device as `<<HKDevice: 0x3012772a0>, name:Apple Watch, …, software:10.2>`.
/// The address differs from one export to the next for the same reading, so it is cut off:
/// kept, it would give the same record a new id in every export.
enum DeviceText {
    static func normalized(_ text: String) -> String {
        var rest = Substring(text)
        if rest.hasPrefix("<<HKDevice:"), let close = rest.firstIndex(of: ">") {
            rest = rest[rest.index(after: close)...]
            while rest.first == "," || rest.first == " " { rest.removeFirst() }
            if rest.last == ">" { rest.removeLast() }
        }
        return String(rest)
    }
}
