extension AgeHeader {
    /// Longest header line accepted: post-quantum stanza arguments are about 1.5 KB.
    static let lineLimit = 16 * 1024
    /// Largest header accepted, so a hostile file cannot exhaust memory.
    static let sizeLimit = 4 * 1024 * 1024

    /// Reads and checks the header grammar of c2sp.org/age; the MAC is checked later, once
    /// an identity has produced the file key.
    static func parse(from input: InputBuffer) throws -> AgeHeader {
        var authenticated: [UInt8] = []
        func nextLine(_ missing: String) throws -> ArraySlice<UInt8> {
            let line = try input.readLine(limit: lineLimit)
            if authenticated.isEmpty, !line.starts(with: AgeFormat.versionPrefix.utf8) {
                throw AgeError.headerMalformed("the input is not an age file (it does not start with age-encryption.org/v1)")
            }
            guard line.last == 0x0A else {
                throw AgeError.headerMalformed(line.count >= lineLimit ? "a header line is longer than \(lineLimit) bytes" : missing)
            }
            guard authenticated.count + line.count <= sizeLimit else {
                throw AgeError.headerMalformed("the header is larger than \(sizeLimit) bytes")
            }
            authenticated += line
            return line.dropLast()
        }

        let version = try nextLine("the input ends inside the age-encryption.org/v1 line")
        try checkVersion(String(decoding: version, as: UTF8.self))
        var stanzas: [Stanza] = []
        while true {
            let line = try nextLine("the header ends before its '---' MAC line")
            if line.starts(with: Array("-> ".utf8)) {
                let arguments = try parseArguments(line.dropFirst(3))
                stanzas.append(Stanza(arguments: arguments, body: try parseBody { try nextLine("the header ends inside a stanza body") }))
            } else if line.starts(with: Array("---".utf8)) {
                authenticated.removeLast(line.count - 2)
                guard !stanzas.isEmpty else { throw AgeError.headerMalformed("the header has no recipient stanza") }
                return AgeHeader(stanzas: stanzas, authenticatedBytes: authenticated, mac: try parseMAC(line))
            } else {
                throw AgeError.headerMalformed("a header line starts with neither '-> ' nor '---'")
            }
        }
    }

    private static func checkVersion(_ line: String) throws {
        guard line != AgeFormat.versionLine else { return }
        throw AgeError.unsupportedVersion(String(line.dropFirst(AgeFormat.versionPrefix.count)))
    }

    /// Space-separated, each non-empty and of visible ASCII only.
    private static func parseArguments(_ text: ArraySlice<UInt8>) throws -> [String] {
        let arguments = text.split(separator: 0x20, omittingEmptySubsequences: false)
        for argument in arguments where argument.isEmpty || !argument.allSatisfy({ (33...126).contains($0) }) {
            throw AgeError.headerMalformed("a stanza argument is empty or holds a character other than visible ASCII")
        }
        return arguments.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Base64 lines of exactly 64 columns, ended by the first shorter one (which may be empty).
    private static func parseBody(_ nextLine: () throws -> ArraySlice<UInt8>) throws -> [UInt8] {
        var text: [UInt8] = []
        while true {
            let line = try nextLine()
            guard line.count <= 64, line.allSatisfy(Base64.isAlphabet) else {
                throw AgeError.headerMalformed("a stanza body line is not base64 of at most 64 columns (or the stanza lacks its final short line)")
            }
            text += line
            if line.count < 64 { break }
        }
        guard let body = Base64.decode(String(decoding: text, as: UTF8.self)) else {
            throw AgeError.headerMalformed("a stanza body is not canonical base64")
        }
        return body
    }

    private static func parseMAC(_ line: ArraySlice<UInt8>) throws -> [UInt8] {
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("--- "), let mac = Base64.decode(text.dropFirst(4)), mac.count == HKDF.outputSize else {
            throw AgeError.headerMalformed("the MAC line is not '--- ' followed by the canonical base64 of 32 bytes")
        }
        return mac
    }
}
