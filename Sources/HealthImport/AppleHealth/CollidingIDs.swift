import LedgerCore

/// Which records the first id rule (a record's attributes alone) gave the same id although
/// their metadata or children differ: two 690 kcal meals logged at the same second that only
/// `HKFoodType` tells apart, food correlations with their own `HKExternalUUID` and members.
///
/// The first record of such a group keeps the attribute id, so a vault imported before the
/// rule changed, given the same export again, finds that record already stored and gains
/// only the ones it had taken for copies of it. Every later record of the group whose
/// content differs gets an id that also covers its content; an identical one keeps the id
/// and is stored once.
struct CollidingIDs {
    /// The attribute id's first eight bytes → a hash of the content of the first record
    /// that had it. Only this import's records are compared, so the process-seeded hash is
    /// enough; eight bytes of a keyed BLAKE2b tell millions of records apart.
    private var firstContent: [UInt64: Int] = [:]

    /// Whether a record whose attribute id is `id` and whose content hashes to `content`
    /// needs an id of its own: an earlier record of this import had that id with other content.
    mutating func needsOwnID(_ id: EventID, content: Int) -> Bool {
        guard let first = firstContent[id.words.high] else {
            firstContent[id.words.high] = content
            return false
        }
        return first != content
    }

    /// Forgets what was seen: records of one type come together in an export and ids of
    /// different types never meet, so the memory held is that of the largest type.
    mutating func forget() { firstContent.removeAll(keepingCapacity: true) }
}
