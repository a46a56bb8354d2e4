import ArgumentParser
import Foundation
import HealthImport
import LedgerCore
import LedgerStore
import Projections

struct ShareSteps: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "steps",
        abstract: "Print a link carrying your daily step counts, signed with the vault's key (and write it as a QR code).",
        discussion: """
            share steps --days 14 --name Ann --qr steps.png
            The friend runs `healthledger import steps LINK`; the link names you and carries the vault's \
            public key, whose fingerprint is printed here so that you can read it to each other.
            """)
    @Option(help: "How many days, ending with --to (1-366).") var days = 7
    @Option(help: "The last day (YYYY-MM-DD, \"yesterday\"); default: today.") var to: String?
    @Option(help: "Your name as the friend will see it (default: $USER).") var name: String?
    @Option(help: "Also write the link as a QR code PNG (needs qrencode, Debian's qrencode package).", completion: .file(extensions: ["png"])) var qr: String?
    @Flag(help: "The link and what it carries as one JSON object.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        guard (1...366).contains(days) else { throw ValidationError("--days \(days) must be between 1 and 366") }
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--name must not be empty") }
    }

    func run() throws {
        let ledger = try vault.openLedger()
        let last = try to.map(LocalTime.day) ?? LocalTime.today
        let first = LocalDay(number: last.number - Int64(days) + 1)
        let daily = try view.state(DailyMetricsView.self, ledger: ledger)
        let steps = try (first.number...last.number).map { try daily.metrics(for: LocalDay(number: $0))["step_count"] }
        let sharer = name ?? ProcessInfo.processInfo.environment["USER"].flatMap { $0.isEmpty ? nil : $0 } ?? "friend"
        let share = StepShareLink(name: sharer, publicKey: ledger.header.publicKeyBytes, firstDay: first, steps: steps)
        let link = share.link(sign: ledger.sign)
        if json {
            print(JSONWriter.string([
                "link": .string(link), "name": .string(sharer), "from": .string(first.description), "to": .string(last.description),
                "daysWithSteps": .int(Int64(steps.compactMap { $0 }.count)), "keyFingerprint": .string(share.fingerprint),
            ]))
            if let qr { try QRCode.write(link, to: qr) }
            return
        }
        print(link)
        FileHandle.standardError.write(Data((
            "\(steps.compactMap { $0 }.count) of \(days) days with steps, \(first) to \(last), as \(sharer); key fingerprint \(share.fingerprint)\n"
        ).utf8))
        if let qr { try QRCode.write(link, to: qr) }
    }
}
