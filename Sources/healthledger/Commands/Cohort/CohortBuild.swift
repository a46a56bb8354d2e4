import ArgumentParser
import Cohort
import Foundation
import LedgerCore
import LedgerCrypto

/// `healthledger cohort build BUNDLES… --study-key FILE --out DATASET`.
struct CohortBuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Verify participants' bundles and add them, pseudonymised, to one Parquet dataset partitioned by participant and kind.",
        discussion: """
            Each bundle is verified (signature, ledger checkpoint, every file's SHA-256) before anything \
            of it is written; one that fails is refused with its own exit code (as `open` gives it) and \
            the others are still added. Participants are named by a keyed hash of their vault id under \
            the study key (`cohort keygen`); the dataset holds no ids, sources, devices, notes, tags, \
            metadata or names typed by the person. Layout: DATASET/participant=p…/kind=samples/part-….parquet \
            (kinds: samples, categories, workouts, moods, fatigue, food, vitals, faces). Building again \
            with the same bundles changes nothing; a newer bundle of a participant adds only its new \
            events. --shift-dates moves each participant's times by a keyed whole number of weeks \
            (1 to 52, either way): weekdays, times of day and intervals stay, calendar dates do not.
            """)
    @Argument(help: "The participants' bundle files (.age).", completion: .file(extensions: ["age"])) var bundles: [String]
    @Option(help: "The study key file (64 hex characters; `healthledger cohort keygen FILE` makes one).", completion: .file()) var studyKey: String
    @Option(help: "The dataset folder: new, empty, or a dataset built before with the same key.", completion: .directory) var out: String
    @Option(name: .customLong("identity"), help: "An age identity file that opens the bundles; repeat for several.", completion: .file()) var identities: [String] = []
    @Option(help: "Read the bundles' passphrase from this file (first line) instead of asking.", completion: .file()) var bundlePassphraseFile: String?
    @Flag(help: "Shift each participant's dates by a keyed number of whole weeks.") var shiftDates = false
    @Flag(help: "Rebuild a dataset made under another key or date-shifting choice from these bundles alone.") var force = false
    @Option(help: ArgumentHelp(
        "Rebuild this participant (p…) from a bundle signed by another vault key than the dataset holds; repeat for several.",
        discussion: "Only after the participant confirmed the new key is theirs: anyone can sign a bundle naming any vault."))
    var replaceParticipant: [String] = []
    @Flag(help: "Print the summary as one JSON object.") var json = false

    func validate() throws {
        if bundles.isEmpty { throw ValidationError("name at least one bundle to build the cohort from") }
    }

    func run() throws {
        let key = try SecretInput.file(studyKey, wholeFile: true).withBytes { bytes in
            do { return try StudyKey(fileText: String(decoding: bytes, as: UTF8.self)) } catch {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(studyKey): \(error)")
            }
        }
        let secrets = BundleSecrets(identityFiles: identities, passphraseFile: bundlePassphraseFile)
        PlaintextExport.restrictNewFiles()
        let builder = try Self.failures {
            try CohortBuilder(directory: out, key: key, shiftDates: shiftDates, force: force, replacing: Set(replaceParticipant)) {
                FileHandle.standardError.write(Data("healthledger: another `cohort build` is writing \(out); waiting for it to finish\n".utf8))
            }
        }
        FileHandle.standardError.write(Data((
            "healthledger: \(out) will hold the participants' health records in plaintext (pseudonymised, but not encrypted): "
                + "anyone who can read it reads them. It is created readable by you only (files 0600, folders 0700).\n").utf8))
        var outcomes: [(bundle: String, outcome: CohortBuilder.Outcome)] = []
        var refused: [(bundle: String, failure: ExitStatus.Failure)] = []
        for bundle in bundles {
            do {
                guard FileManager.default.isReadableFile(atPath: bundle) else {
                    throw ExitStatus.Failure(status: .noVault, message: "\(bundle): no such file or not readable")
                }
                let identities = try secrets.identities(for: bundle)
                let outcome = try Self.failures {
                    try builder.add(bundle: bundle) { try OpenedFile(path: bundle, identities: identities).source }
                }
                outcomes.append((bundle, outcome))
            } catch let failure as ExitStatus.Failure {
                if [.ioError, .diskFull].contains(failure.status) { throw failure }
                FileHandle.standardError.write(Data("healthledger: refused \(failure.message)\n".utf8))
                refused.append((bundle, failure))
            }
        }
        try Self.failures { try builder.finish() }
        printSummary(outcomes, refused: refused)
        if let first = refused.first {
            throw ExitStatus.Failure(
                status: first.failure.status,
                message: "\(refused.count) of \(bundles.count) bundles refused, nothing of them written: \(refused.map(\.bundle).joined(separator: ", "))")
        }
    }

    /// Cohort failures as exit statuses; a bundle's own failure keeps the code `open` gives it.
    static func failures<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as CohortError {
            let status: ExitStatus = switch error {
            case .badStudyKey: .invalidInput
            case .bundle(_, let bundleError): bundleError.exitStatus
            case .otherStudyKey: .wrongSecret
            case .otherDateShifting: .invalidInput
            case .notADataset: .vaultExists
            case .unwritable: .ioError
            case .diskFull: .diskFull
            }
            throw ExitStatus.Failure(status: status, message: "\(error)")
        }
    }

    private func printSummary(_ outcomes: [(bundle: String, outcome: CohortBuilder.Outcome)], refused: [(bundle: String, failure: ExitStatus.Failure)]) {
        if json {
            let participants: [DocValue] = outcomes.map { entry in
                var rows = Document()
                for (kind, count) in entry.outcome.rows.sorted(by: { $0.key < $1.key }) { rows[kind] = .int(Int64(count)) }
                return .map([
                    "bundle": .string(entry.bundle), "participant": .string(entry.outcome.participant),
                    "action": .string(entry.outcome.action.rawValue), "rows": .map(rows), "signer": .string(entry.outcome.signer),
                ])
            }
            let refusals: [DocValue] = refused.map { .map(["bundle": .string($0.bundle), "exit": .int(Int64($0.failure.status.rawValue)), "reason": .string($0.failure.message)]) }
            print(JSONWriter.string([
                "dataset": .string(out), "participants": .array(participants), "refused": .array(refusals),
                "rows": .int(Int64(outcomes.reduce(0) { $0 + $1.outcome.rows.values.reduce(0, +) })),
            ]))
            return
        }
        for (bundle, outcome) in outcomes {
            let rows = outcome.rows.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            let newKey = outcome.action == .created || outcome.action == .rebuilt ? " (signed by vault key \(outcome.signer))" : ""
            print("\(bundle): participant \(outcome.participant) \(outcome.action.rawValue)\(newKey)\(rows.isEmpty ? "" : ": " + rows)")
        }
        print("\(out): \(outcomes.count) of \(bundles.count) bundles verified and taken, \(refused.count) refused")
    }
}
