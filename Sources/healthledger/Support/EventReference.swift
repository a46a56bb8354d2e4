import LedgerCore
import LedgerStore

/// An event as a person names it: `#N` or `N` (its sequence number, as `log` shows it), its
/// whole id, or a unique start of its id of at least eight hex digits (the short id `log` shows).
enum EventReference {
    /// The hex digits of an id that listings show and that a prefix must at least give.
    static let shortLength = 8
    /// Matches named when a prefix is ambiguous; more would not help anyone choose.
    static let listedMatches = 10

    static func shortID(_ id: EventID) -> String { String(id.description.prefix(shortLength)) }

    /// `#N 1a2b3c4d`: the two ways a listing's line can be typed back.
    static func label(_ sequence: UInt64, _ id: EventID) -> String { "#\(sequence) \(shortID(id))" }

    /// What every id argument's help says it takes.
    static let help = "The event: #N or N (the number `log` shows; quote '#N' in a shell), its short id (8+ hex digits) or its whole id."

    /// The stored event `text` names.
    static func stored(_ ledger: Ledger, _ text: String) throws -> StoredEvent {
        let trimmed = text.trimmingWhitespace
        if let sequence = sequence(trimmed) {
            guard let stored = try ledger.event(sequence: sequence) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "no event #\(sequence) in \(ledger.directory): `healthledger log` lists them")
            }
            return stored
        }
        let prefix = trimmed.lowercased()
        guard prefix.count >= shortLength, prefix.count <= EventID.byteCount * 2, prefix.allSatisfy(\.isHexDigit) else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "'\(text)' names no event: give #N or N (the number `log` shows), or at least \(shortLength) hex digits of its id")
        }
        if let id = EventID(hex: prefix) {
            guard let stored = try ledger.event(id: id) else {
                throw ExitStatus.Failure(status: .invalidInput, message: "no event with id \(prefix) in \(ledger.directory)")
            }
            return stored
        }
        let (matches, matchCount) = try ledger.events(withIDPrefix: prefix, limit: listedMatches)
        switch matchCount {
        case 1: return matches[0]
        case 0: throw ExitStatus.Failure(status: .invalidInput, message: "no event id starts with \(prefix) in \(ledger.directory): `healthledger log` shows the short ids")
        default:
            let listed = matches.map { "#\($0.sequence) \($0.event.id) \($0.event.kind.rawValue)" }.joined(separator: "; ")
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "\(prefix) starts \(matchCount) event ids (\(listed)\(matchCount > matches.count ? "; …" : "")): give more digits or #N")
        }
    }

    /// The sequence number in `#N`, or in `N` when it is too short to be an id's start.
    static func sequence(_ text: String) -> UInt64? {
        if text.hasPrefix("#") { return UInt64(text.dropFirst()) }
        guard text.count < shortLength, text.allSatisfy(\.isASCII) else { return nil }
        return UInt64(text)
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
