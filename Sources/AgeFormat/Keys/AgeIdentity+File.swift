extension AgeIdentity {
    /// The identities of an age identity file, as `age-keygen` writes them: one
    /// `AGE-SECRET-KEY-1…` per line, with `#` comment lines and blank lines allowed.
    /// Errors name the bad line of `source` (say, the file's path).
    public static func parseFile(_ contents: String, source: String = "the identity file") throws(AgeError) -> [AgeIdentity] {
        var identities: [AgeIdentity] = []
        for (offset, rawLine) in contents.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) || line.hasPrefix("#") { continue }
            do {
                identities.append(try AgeIdentity(parsing: String(line)))
            } catch {
                throw .invalidKey("line \(offset + 1) of \(source): \(error.reason)")
            }
        }
        guard !identities.isEmpty else { throw .invalidKey("\(source) holds no AGE-SECRET-KEY-1… line") }
        return identities
    }
}

extension AgeError {
    /// The reason of an `invalidKey`, to nest it in a message naming where the key came from.
    var reason: String {
        if case .invalidKey(let reason) = self { reason } else { description }
    }
}
