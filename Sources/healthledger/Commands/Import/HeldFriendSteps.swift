import LedgerCore
import Projections

/// The friends' step counts this vault holds as they read now (corrections applied), from the
/// query index's `friend_steps` rows: reading them costs what the friends' days cost, not the log.
struct HeldFriendSteps {
    /// Per key fingerprint and day number, the payload as it reads now.
    private var current: [String: [Int64: FriendStepsShared]] = [:]
    /// Per friend's name, the fingerprints of the keys their links were signed with.
    private var keysByName: [String: Set<String>] = [:]

    init(index: QueryIndexState) throws {
        let rows = try index.rows(of: IndexedRow.seriesName(of: .friendStepsShared))
        for row in 0..<rows.count {
            guard let friend = rows.text("friend", at: row), let key = rows.text("keyFingerprint", at: row),
                  let steps = rows.numbers["steps"]?[row] else { continue }
            current[key, default: [:]][rows.starts[row] / 86_400_000_000] = FriendStepsShared(friend: friend, keyFingerprint: key, steps: steps)
            keysByName[friend, default: []].insert(key)
        }
    }

    /// The count held for `day` from the key `fingerprint`, as it reads now.
    func current(key fingerprint: String, day: Int64) -> FriendStepsShared? { current[fingerprint]?[day] }

    /// The keys earlier links under `name` were signed with: the first one seen pins the name.
    func keys(named name: String) -> Set<String> { keysByName[name] ?? [] }
}
