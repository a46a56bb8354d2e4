/// One recipient stanza of the header: its arguments (the first names its type) and body.
struct Stanza: Equatable {
    var arguments: [String]
    var body: [UInt8]

    var type: String { arguments[0] }

    /// `-> args` then the body in base64 lines of 64 columns, ending with a shorter (maybe empty) one.
    func encoded() -> String {
        var text = "-> " + arguments.joined(separator: " ") + "\n"
        var body = Substring(Base64.encode(body))
        while body.count >= 64 {
            text += body.prefix(64) + "\n"
            body = body.dropFirst(64)
        }
        return text + body + "\n"
    }
}
