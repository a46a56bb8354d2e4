import ArgumentParser
import LedgerCore
import Projections

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Measuring sessions, oldest first: rates and symptoms.", subcommands: [HistoryList.self, HistoryShow.self], defaultSubcommand: HistoryList.self)
}

struct HistoryList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "One line per session.")
    @Flag(help: "One JSON object per session.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let state = try view.state(VitalsView.self, ledger: vault.openLedger())
        let sessions = try state.allSessions()
        if sessions.isEmpty, !json { print("no sessions yet: `healthledger session start`") }
        for session in sessions {
            let readings = try state.readings(of: session)
            print(json ? JSONWriter.string(session.document(readings: readings)) : session.line(readings: readings))
        }
    }
}

struct HistoryShow: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "One session in full.")
    @Argument(help: "The session: the start of its id, or #N of the event that started it.") var session: String
    @Flag(help: "One JSON object.") var json = false
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func run() throws {
        let ledger = try vault.openLedger()
        let state = try view.state(VitalsView.self, ledger: ledger)
        let found = try SessionLookup.find(session, in: state, ledger: ledger)
        let readings = try state.readings(of: found)
        if json {
            print(JSONWriter.string(found.document(readings: readings)))
        } else {
            for line in found.details(readings: readings) { print(line) }
        }
    }
}
