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
            Importing a newer link again updates the days whose counts changed. A changed link exits \
            \(ExitStatus.shareLinkSignatureMismatch.rawValue), a cut-short or damaged one \(ExitStatus.shareLinkDamaged.rawValue); \
            neither stores anything.
            """)
    @Argument(help: "The link (healthledger:steps?d=…&s=…).") var link: String
    @Option(help: "Store the steps under this name instead of the one in the link.") var name: String?
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
        let identity = ImportIdentity(ledger: ledger)
        let friend = name ?? share.name
        var events: [Event] = []
        var unchanged = 0
        for (index, count) in share.steps.enumerated() {
            guard let count else { continue }
            let day = share.firstDay.number + Int64(index)
            let payload = FriendStepsShared(friend: friend, keyFingerprint: share.fingerprint, steps: count)
            // One event per key and day: a later link's count for the day corrects it.
            let id = identity.id(FriendStepsShared.kind.rawValue, [share.fingerprint, LocalDay(number: day).description])
            if let held = try ledger.event(id: id)?.event {
                if (try? held.decode(FriendStepsShared.self)) == payload { unchanged += 1; continue }
                let correction = EventCorrected(target: id, replacement: payload, reason: "a newer shared link")
                let correctionID = identity.id(EventKind.eventCorrected.rawValue, [id.description, friend, String(count)])
                events.append(Event(correction, id: correctionID, start: .now(), utcOffset: 0))
                continue
            }
            let start = Timestamp(micros: day * 86_400_000_000)
            events.append(Event(payload, id: id, start: start, end: start.adding(seconds: 86_400), utcOffset: 0, source: Source(name: friend)))
        }
        let outcome = try vault.application(ledger).append(events)
        let days = share.steps.compactMap { $0 }.count
        print("imported \(friend)'s steps: \(days) day\(days == 1 ? "" : "s") from \(share.firstDay), key fingerprint \(share.fingerprint); "
              + "\(outcome.appended.count) stored, \(unchanged + outcome.duplicates) already held")
    }
}
