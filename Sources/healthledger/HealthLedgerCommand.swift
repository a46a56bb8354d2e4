import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore

@main
struct HealthLedgerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthledger",
        abstract: "A private, verifiable health ledger: every entry sealed, nothing ever changed in place.",
        discussion: """
            Quick entries: mood 7 · fatigue 3 · symptom headache --severity 2 · take Ibuprofen 200mg · \
            eat "Oatmeal" --kcal 350 · weigh 72.4kg · start Reading · stop --last

            Exit codes: \(ExitStatus.summary)
            """,
        version: BuildVersion.text,
        subcommands: [
            Demo.self, Init.self, Passwd.self, Unlock.self, Lock.self,
            Append.self, Mood.self, Fatigue.self, Symptom.self, Take.self, Eat.self, Weigh.self, Start.self, Stop.self,
            Log.self, Show.self, Correct.self, Retract.self, Audit.self, CheckpointCommand.self, Kinds.self,
            Daily.self, Budget.self, Settings.self, ExportCommand.self, Replay.self, Import.self, OpenBundle.self, Keygen.self,
            Forget.self, CompactCommand.self,
            Measure.self, SessionCommand.self, History.self, Card.self, Vitals.self,
            SleepScoreCommand.self, Models.self,
            QueryCommand.self, ChartCommand.self, CorrelateCommand.self, Share.self, Serve.self, CohortCommand.self, Watch.self,
            Ingest.self, SourcesCommand.self,
        ])

    /// `healthledger` alone: the help once a vault exists, else how to make one.
    func run() throws {
        let path = try VaultOptions.parse([]).path
        guard QuickStart.vaultExists(path) else {
            FileHandle.standardError.write(Data((QuickStart.lines(vault: path).joined(separator: "\n") + "\n").utf8))
            throw ExitCode(ExitStatus.noVault.rawValue)
        }
        print(Self.helpMessage())
    }

    /// Runs the command, mapping every failure to a message on stderr and its own exit code.
    /// Async so that the servers (`serve`, `ingest serve`) run as `AsyncParsableCommand`s.
    static func main() async {
        CrashHygiene.install()
        MemoryPolicy.configureHeap()
        ReadStatisticsReport.install()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            // Only when the words do not parse: naming every command costs a lookup of each
            // command type's name, a good part of a quick entry's start.
            if let unknown = UnknownCommand.message(Array(CommandLine.arguments.dropFirst()), known: configuration.subcommands) {
                FileHandle.standardError.write(Data("healthledger: \(unknown)\n".utf8))
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
            fail(error)
        }
        do {
            if var server = command as? any AsyncParsableCommand {
                try await server.run()
            } else {
                try command.run()
            }
        } catch {
            fail(error)
        }
    }

    /// Says what went wrong on stderr and exits with its own code.
    private static func fail(_ error: any Error) -> Never {
        if let failure = error as? ExitStatus.Failure {
            FileHandle.standardError.write(Data("healthledger: \(TerminalText.escaped(failure.message))\n".utf8))
            Foundation.exit(failure.status.rawValue)
        }
        if let status = ExitStatus.classify(error) {
            FileHandle.standardError.write(Data("healthledger: \(TerminalText.escaped("\(error)"))\n".utf8))
            Foundation.exit(status.rawValue)
        }
        exit(withError: error)
    }
}
