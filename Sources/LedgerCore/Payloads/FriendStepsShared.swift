/// A friend's step count for one local day, imported from the link they shared
/// (`share steps`); the envelope spans that day. Kept apart from the person's own samples:
/// the daily metrics never count it, the query reads it as `friend_steps`.
public struct FriendStepsShared: EventPayload {
    public static let kind = EventKind.friendStepsShared
    public static let schema = 1

    /// The friend's name, as the link gave it or the importer chose.
    public var friend: String
    /// The fingerprint of the Ed25519 key that signed the link: the same friend's links share it.
    public var keyFingerprint: String
    public var steps: Double

    public init(friend: String, keyFingerprint: String, steps: Double) {
        self.friend = friend
        self.keyFingerprint = keyFingerprint
        self.steps = steps
    }

    public init(document: Document) throws(ValidationError) {
        do throws(ValidationError) {
            friend = try Rule.nonEmpty(document.string("friend"), "friend")
            keyFingerprint = try Rule.nonEmpty(document.string("keyFingerprint"), "keyFingerprint")
            steps = try Rule.nonNegative(document.double("steps"), "steps")
        } catch { throw error.tagged(Self.kind) }
    }

    public var document: Document {
        ["friend": .string(friend), "keyFingerprint": .string(keyFingerprint), "steps": .double(steps)]
    }
}
