import LedgerCore

/// Refuses payload fields their kind does not read: a typo such as `ratin=6` would otherwise be
/// stored for ever beside the field it meant, and read by nothing.
enum UnknownFields {
    static func refuse(kind: EventKind, payload: Document, force: Bool) throws {
        let unknown = PayloadCatalog.unknownFields(kind: kind, payload: payload)
        guard !unknown.isEmpty, !force else { return }
        let known = PayloadCatalog.knownFields(of: kind, example: payload)
        let named = unknown.map { name in
            let guess = known.filter { Nearest.isNear(name, $0) }.first
            return guess.map { "\(name) (did you mean \($0)?)" } ?? name
        }
        throw ExitStatus.Failure(
            status: .invalidInput,
            message: "\(kind.rawValue) has no field \(named.joined(separator: ", ")); its fields: \(known.joined(separator: ", ")). "
                + "Fix the name, or add --force to store \(unknown.count == 1 ? "it" : "them") anyway")
    }
}
