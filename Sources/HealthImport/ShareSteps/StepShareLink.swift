import Foundation
public import LedgerCore
import LedgerCrypto

/// Daily step counts shared with a friend as one link, signed with the sharer's Ed25519 key.
///
/// `healthledger:steps?d=PAYLOAD&k=KEY&s=SIGNATURE`, each base64url without padding: the
/// payload is compact JSON `{"v":1,"name":…,"from":"YYYY-MM-DD","steps":[8123,null,…]}`
/// (one count per day from `from`, null where the day had none), the key the sharer's
/// Ed25519 public key, and the signature covers the payload's exact bytes, so it is checked
/// before anything in the payload is read. Anyone can make a key, so
/// the signature proves the link is whole and the fingerprint tells which key made it;
/// whether that key is the friend's is theirs to confirm.
public struct StepShareLink: Sendable, Equatable {
    public static let prefix = "healthledger:steps?"
    public static let version = 1

    public let name: String
    public let publicKey: [UInt8]
    public let firstDay: LocalDay
    /// One per day from `firstDay`; nil where the day had no steps recorded.
    public let steps: [Double?]

    public init(name: String, publicKey: [UInt8], firstDay: LocalDay, steps: [Double?]) {
        self.name = name
        self.publicKey = publicKey
        self.firstDay = firstDay
        self.steps = steps
    }

    /// `1a2b 3c4d 5e6f 7a8b`: the first 8 bytes of the key's BLAKE2b hash, to compare by eye or voice.
    public var fingerprint: String {
        let hex = Hashing.blake2b(publicKey, outputLength: 8).map { String(format: "%02x", $0) }.joined()
        return stride(from: 0, to: hex.count, by: 4).map { start in
            String(hex.dropFirst(start).prefix(4))
        }.joined(separator: " ")
    }

    /// The link, signed by `sign` (the vault's key, whose public half is `publicKey`).
    public func link(sign: ([UInt8]) -> [UInt8]) -> String {
        let counts: [DocValue] = steps.map { $0.map { .int(Int64($0.rounded())) } ?? .null }
        let payload: Document = ["v": .int(Int64(Self.version)), "name": .string(name), "from": .string(firstDay.description), "steps": .array(counts)]
        let bytes = Array(JSONWriter.string(payload).utf8)
        return Self.prefix + "d=" + Self.base64url(bytes) + "&k=" + Self.base64url(publicKey) + "&s=" + Self.base64url(sign(bytes))
    }

    /// Reads and verifies a link: a damaged or cut-short one throws `.damaged`, one whose
    /// signature does not match its contents (changed on the way) throws `.signatureMismatch`.
    public init(verifying link: String) throws(StepShareLinkError) {
        let text = link.trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(Self.prefix) else { throw .damaged("it does not start with \(Self.prefix)") }
        var fields: [String: String] = [:]
        for pair in text.dropFirst(Self.prefix.count).split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let encodedPayload = fields["d"], let payload = Self.bytes(base64url: encodedPayload) else {
            throw .damaged("its contents (d=…) are missing or not base64url")
        }
        guard let encodedKey = fields["k"], let publicKey = Self.bytes(base64url: encodedKey), publicKey.count == 32 else {
            throw .damaged("its public key (&k=…) is missing or not 32 bytes of base64url: the link was cut short or mistyped")
        }
        guard let encodedSignature = fields["s"] else { throw .damaged("its signature (&s=…) is missing: the link was cut short") }
        guard let signature = Self.bytes(base64url: encodedSignature), signature.count == 64 else {
            throw .damaged("its signature is not 64 bytes of base64url: the link was cut short or mistyped")
        }
        guard SigningKey.verify(signature: signature, message: payload, publicKey: publicKey) else {
            throw .signatureMismatch
        }
        let document: Document
        do {
            document = try JSONParser.parseObject(String(decoding: payload, as: UTF8.self))
        } catch {
            throw .damaged("its signed contents are not the JSON a shared link carries")
        }
        guard case .int(let version)? = document["v"], version == Int64(Self.version) else {
            throw .damaged("it is of another version than \(Self.version): update healthledger")
        }
        guard case .string(let name)? = document["name"], !name.isEmpty, case .string(let from)? = document["from"],
              let firstDay = LocalDay(iso: from), case .array(let counts)? = document["steps"]
        else { throw .damaged("it lacks the name, first day or steps") }
        var steps: [Double?] = []
        for count in counts {
            switch count {
            case .null: steps.append(nil)
            case .int(let value) where value >= 0: steps.append(Double(value))
            case .double(let value) where value >= 0 && value.isFinite: steps.append(value)
            default: throw .damaged("a day's steps are not a count")
            }
        }
        self.init(name: name, publicKey: publicKey, firstDay: firstDay, steps: steps)
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func bytes(base64url text: String) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) else { return nil }
        var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map(Array.init)
    }
}

/// Why a shared step link was refused.
public struct StepShareLinkError: Error, Equatable, CustomStringConvertible {
    private enum Reason: Equatable {
        case damaged(String)
        case signatureMismatch
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// Not a whole link: cut short, mistyped, or not one at all.
    public static func damaged(_ why: String) -> Self { Self(.damaged(why)) }
    /// Whole, but its signature does not match what it says: changed after it was signed.
    public static let signatureMismatch = Self(.signatureMismatch)

    public var description: String {
        switch reason {
        case .damaged(let reason): "the link is damaged or incomplete: \(reason). Ask your friend to share it again (copy the whole line)."
        case .signatureMismatch:
            "the link was changed after it was signed: its signature does not match its days and counts. Nothing was imported; ask your friend to share it again."
        }
    }
}
