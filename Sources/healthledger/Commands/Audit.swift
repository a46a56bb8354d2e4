import ArgumentParser
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

struct Audit: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "audit",
        abstract: "Open every record, recompute the Merkle tree and check the signed checkpoint; name any damage by sequence number.")
    @Option(help: "An older checkpoint (from `checkpoint export`): prove the log only grew since then.", completion: .file()) var checkpoint: String?
    @Option(help: ArgumentHelp(
        "A checkpoint you kept (from `checkpoint export`): prove only what was appended since, in time proportional to it.",
        discussion: "Records before the checkpoint are not opened again, and the views' partitions are not all hashed (each read checks the partitions it reads); the audit without --since checks both.",
        valueName: "checkpoint-file"), completion: .file()) var since: String?
    @Flag(help: "The report as JSON.") var json = false
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if checkpoint != nil, since != nil {
            throw ValidationError("--checkpoint and --since both name a checkpoint: give one (--since checks only what is new)")
        }
    }

    func run() throws {
        let ledger = try vault.openLedger(checkingWitness: false)
        let report: AuditReport
        if let since {
            report = try ledger.audit(since: kept(since, ledger))
        } else {
            let given = try checkpoint.map { try kept($0, ledger) }
            // Without a checkpoint from elsewhere, the one this machine last saw the vault sign.
            let witnessed = given == nil ? ledger.witness.flatMap { $0.read(publicKey: ledger.header.publicKeyBytes) } : nil
            report = try ledger.audit(olderCheckpoint: given ?? witnessed)
            if witnessed != nil, let witness = ledger.witness, !json { print("compared with this machine's witness \(witness.file)") }
        }
        json ? printJSON(report) : printText(report)
        if !report.problems.isEmpty { throw ExitCode(ExitStatus.auditFailed.rawValue) }
        if report.consistency?.isConsistent == false { throw ExitCode(ExitStatus.rolledBack.rawValue) }
    }

    /// The checkpoint note at `path`, verified as one this vault signed.
    private func kept(_ path: String, _ ledger: Ledger) throws -> SignedCheckpoint {
        guard let note = FileManager.default.contents(atPath: path) else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read checkpoint file \(path)")
        }
        do {
            return try ledger.parseCheckpoint(note: String(decoding: note, as: UTF8.self))
        } catch {
            throw ExitStatus.Failure(status: .invalidInput,
                message: "\(path): \(error). This vault signs as '\(ledger.header.origin)': give a checkpoint that `healthledger checkpoint export` wrote from it.")
        }
    }

    private func printText(_ report: AuditReport) {
        if let since = report.since {
            print("audited \(report.recordsChecked) records appended since the checkpoint of \(since) in \(vault.path)")
        } else {
            print("audited \(report.recordsChecked) records in \(vault.path)")
        }
        if let signed = report.checkpoint {
            print("signed checkpoint: size \(signed.size), root \(Data(signed.rootHash).base64EncodedString())")
        }
        for problem in report.problems { print("PROBLEM \(problem)") }
        if let consistency = report.consistency { print(consistency.description) }
        if !report.isClean {
            print("audit FAILED")
        } else if report.checkpoint != nil {
            print(report.since == nil
                ? "audit clean: every record opens and the tree matches the signed checkpoint"
                : "audit clean: every record since the checkpoint opens and the tree grew from it to the signed checkpoint")
        } else {
            print("audit clean: the vault is empty")
        }
    }

    private func printJSON(_ report: AuditReport) {
        var document = Document()
        document["records"] = .int(Int64(report.recordsChecked))
        document["clean"] = .bool(report.isClean)
        document.set("checkpointSize", report.checkpoint.map { .int(Int64($0.size)) })
        document.set("since", report.since.map { .int(Int64($0)) })
        document["problems"] = .array(report.problems.map { problem in
            .map(["kind": .string(problem.kind.rawValue), "sequence": .int(Int64(problem.sequence)),
                  "lastSequence": .int(Int64(problem.lastSequence)), "detail": .string(problem.detail)])
        })
        document.set("consistency", report.consistency.map { .string($0.description) })
        print(JSONWriter.string(document))
    }
}

struct CheckpointCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkpoint", abstract: "Signed checkpoints of the log.", subcommands: [Export.self])

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "export", abstract: "Write the latest signed checkpoint (a C2SP signed note) to a file.")
        @Argument(help: "Where to write it.", completion: .file()) var file: String
        @Flag(help: "Print what was written as one JSON object.") var json = false
        @OptionGroup var vault: VaultOptions

        func run() throws {
            let ledger = try vault.openLedger()
            guard let note = try ledger.checkpointNote() else {
                throw ExitStatus.Failure(status: .invalidInput, message: "the vault is empty: nothing to checkpoint yet")
            }
            try PrivateFile.writeOutput(note, to: file)
            let size = try ledger.count()
            print(json ? JSONWriter.string(Document([("file", .string(file)), ("size", .int(Int64(size)))])) : "wrote checkpoint of \(size) events to \(file)")
        }
    }
}

struct Kinds: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "kinds", abstract: "List the event kinds.")
    @Flag(help: "As JSON lines.") var json = false

    func run() {
        let width = EventKind.allCases.map(\.rawValue.count).max() ?? 0
        for kind in EventKind.allCases {
            let schema = PayloadCatalog.currentSchema(of: kind)
            if json {
                print(JSONWriter.string(["kind": .string(kind.rawValue), "code": .int(Int64(kind.code)), "schema": .int(Int64(schema))]))
            } else {
                print("\(kind.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)) schema \(schema)")
            }
        }
    }
}
