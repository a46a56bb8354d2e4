import LedgerCore

/// Refuses payload fields their kind does not read: a typo such as `ratin=6` would otherwise be
/// stored for ever beside the field it meant, and read by nothing.
enum UnknownFields {
    /// Unknown fields named in one refusal; the rest are counted.
    static let namedAtMost = 20

    static func refuse(kind: EventKind, payload: Document, force: Bool) throws {
        // A payload past the field limit is refused whole by the validator, with the limit:
        // naming each of half a million fields would take minutes and help no one.
        guard !force, EventLimits.fieldCount(payload) <= EventLimits.maximumFields else { return }
        let unknown = PayloadCatalog.unknownFields(kind: kind, payload: payload)
        guard !unknown.isEmpty else { return }
        let known = PayloadCatalog.knownFields(of: kind, example: payload)
        var named = unknown.prefix(Self.namedAtMost).map { name in
            let guess = known.filter { Nearest.isNear(name, $0) }.first
            return guess.map { "\(name) (did you mean \($0)?)" } ?? name
        }
        if unknown.count > Self.namedAtMost { named.append("and \(unknown.count - Self.namedAtMost) more") }
        throw ExitStatus.Failure(
            status: .invalidInput,
            message: "\(kind.rawValue) has no field \(named.joined(separator: ", ")); its fields: \(known.joined(separator: ", ")). "
                + "Fix the name, or add --force to store \(unknown.count == 1 ? "it" : "them") anyway")
    }
}
