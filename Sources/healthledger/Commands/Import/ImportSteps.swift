import ArgumentParser
import Foundation
import HealthImport
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

struct ImportSteps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Import a friend's daily steps from the link `share steps` printed, after checking its signature.",
        discussion: """
            Each day becomes a friendSteps.shared event under the friend's name: `query 'friend_steps by day'` \
            and charts show them beside your own (`daily.step_count`); your own daily metrics never count them. \
            Importing a link again sets each day to the count it carries: the link imported last wins. \
            A friend's name is pinned to the key of the first link imported under it: a link under that name \
            signed by another key exits \(ExitStatus.shareLinkUnknownKey.rawValue) and stores nothing, unless --new-key \
            (the friend changed keys) or --name (someone else) is given. A changed link exits \
            \(ExitStatus.shareLinkSignatureMismatch.rawValue), a cut-short or damaged one \(ExitStatus.shareLinkDamaged.rawValue); \
            neither stores anything.
            """)
    @Argument(help: "The link (healthledger:steps?d=…&s=…).") var link: String
    @Option(help: "Store the steps under this name instead of the one in the link.") var name: String?
    @Flag(help: "Accept this link's key for a friend whose earlier links another key signed (compare fingerprints with them first).")
    var newKey = false
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name must not be empty") }
    }

    func run() throws {
        let share: StepShareLink
        do {
            share = try StepShareLink(verifying: link)
        } catch {
            let status: ExitStatus = error == .signatureMismatch ? .shareLinkSignatureMismatch : .shareLinkDamaged
            throw ExitStatus.Failure(status: status, message: "cannot import the steps link: \(error)")
        }
        let ledger = try vault.openLedger()
        let held = try HeldFriendSteps(index: ProjectionEngine.current(QueryIndexView.self, ledger: ledger))
        let identity = ImportIdentity(ledger: ledger)
        let friend = name ?? share.name
        let pinned = held.keys(named: friend)
        if !pinned.isEmpty, !pinned.contains(share.fingerprint), !newKey {
            throw ExitStatus.Failure(status: .shareLinkUnknownKey, message: """
                the link names \(friend), but another key signed it (fingerprint \(share.fingerprint)); \(friend)'s earlier links \
                were signed by \(pinned.sorted().joined(separator: ", ")). Nothing was stored. If \(friend) has a new key, compare \
                its fingerprint with them and run again with --new-key; if it is someone else, run again with --name "ANOTHER NAME"
                """)
        }
        // A correction's id names the event and where the log ends now, never the count: a
        // count that goes back to an earlier value (100, 200, 100) is a new correction, not a
        // duplicate of the first one.
        let logEnd = try ledger.count()
        var events: [Event] = []
        var unchanged = 0
        for (index, count) in share.steps.enumerated() {
            guard let count else { continue }
            let day = share.firstDay.number + Int64(index)
            let payload = FriendStepsShared(friend: friend, keyFingerprint: share.fingerprint, steps: count)
            // One event per key and day: a later link's count for the day corrects it.
            let id = identity.id(FriendStepsShared.kind.rawValue, [share.fingerprint, LocalDay(number: day).description])
            if let current = held.current(key: share.fingerprint, day: day) {
                if current == payload { unchanged += 1; continue }
                let correction = EventCorrected(target: id, replacement: payload, reason: "a newer shared link")
                let correctionID = identity.id(EventKind.eventCorrected.rawValue, [id.description, "log end", String(logEnd)])
                events.append(Event(correction, id: correctionID, start: .now(), utcOffset: 0))
                continue
            }
            // Held but not in the index: retracted by the person, who would not want a link to bring it back.
            if try ledger.event(id: id) != nil { unchanged += 1; continue }
            let start = Timestamp(micros: day * 86_400_000_000)
            events.append(Event(payload, id: id, start: start, end: start.adding(seconds: 86_400), utcOffset: 0, source: Source(name: friend)))
        }
        let outcome = try vault.application(ledger).append(events)
        let days = share.steps.compactMap { $0 }.count
        print("imported \(friend)'s steps: \(days) day\(days == 1 ? "" : "s") from \(share.firstDay), key fingerprint \(share.fingerprint); "
              + "\(outcome.appended.count) stored, \(unchanged + outcome.duplicates) already held")
    }
}
