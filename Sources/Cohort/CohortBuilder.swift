import Foundation
import HealthBundle
public import LedgerCore
import Parquet
import Zip

/// Builds a cohort dataset from participants' bundles, one bundle at a time:
/// `participant=<pseudonym>/kind=<table>/part-<first line>.parquet` under one folder.
///
/// Each bundle is read twice. The first read verifies it (signature, checkpoint, every
/// file's hash) and gathers its amendments; the second verifies it again while its rows
/// go into a hidden staging folder, which is moved into place only once that read
/// verified too. A bundle that fails leaves nothing of itself in the dataset.
///
/// Incremental: a bundle that continues the lines already taken from its vault adds a
/// part file with only the lines after them; one that holds no new line changes nothing;
/// one whose new lines amend rows already written (or that does not continue them and is
/// newer) rewrites that participant's folders from itself.
public final class CohortBuilder {
    public enum Action: String, Sendable {
        /// A participant not in the dataset before.
        case created
        /// New rows in new part files.
        case appended
        /// The participant's folders written again from this bundle.
        case rebuilt
        /// Nothing new: the bundle's lines are all in the dataset.
        case unchanged
        /// The bundle is older than the one the dataset was built from.
        case older
    }

    public struct Outcome: Sendable {
        public let participant: String
        public let action: Action
        public let rows: [String: Int]
        /// The vault key that signed the bundle (base64), for the researcher to compare with
        /// the one the participant's `healthledger open` shows.
        public let signer: String
    }

    public let directory: String
    let key: StudyKey
    let shiftDates: Bool
    private var state: CohortState
    private let staging: String
    /// Held until this builder is released: one build writes a dataset at a time.
    private let lock: DatasetLock
    private let replacing: Set<String>

    /// Opens (or starts) the dataset in `directory`. Refuses a folder holding anything else,
    /// and a dataset built under another key or date-shifting choice unless `force`, which
    /// then removes what an earlier build wrote. Another build of the same dataset is waited
    /// for (after calling `waiting`), and what it wrote is then read.
    ///
    /// `replacing` names participants (pseudonyms) whose signing key the researcher
    /// confirmed changed: a bundle of one of them signed by another key than the dataset
    /// holds rebuilds that participant from itself, where it would otherwise be refused.
    public init(
        directory: String, key: StudyKey, shiftDates: Bool, force: Bool, replacing: Set<String> = [], waiting: () -> Void = {}
    ) throws(CohortError) {
        self.directory = directory
        self.key = key
        self.shiftDates = shiftDates
        self.replacing = replacing
        staging = directory + "/.staging-\(Platform.processID)"
        let fresh = CohortState(keyCheck: key.check, datesShifted: shiftDates)
        var isDirectory: ObjCBool = false
        let existed = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory)
        if existed, !isDirectory.boolValue { throw .notADataset(path: directory, reason: "is a file") }
        if !existed { try Self.makeFolder(directory) }
        lock = try DatasetLock(dataset: directory, waiting: waiting)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let owned = entries.filter(Self.isOwned)
        guard owned.count == entries.count else {
            throw .notADataset(path: directory, reason: "holds files that are not part of a cohort dataset (\(entries.filter { !Self.isOwned($0) }.sorted().prefix(3).joined(separator: ", ")))")
        }
        let existing = try CohortState.read(directory)
        if existing == nil, owned.contains(where: { $0.hasPrefix("participant=") }), !force {
            throw .notADataset(path: directory, reason: "holds participants but no \(CohortState.fileName)")
        }
        if let existing, existing.keyCheck != key.check, !force { throw .otherStudyKey(dataset: directory) }
        if let existing, existing.datesShifted != shiftDates, !force { throw .otherDateShifting(dataset: directory, shifted: existing.datesShifted) }
        let keep = existing.map { $0.keyCheck == key.check && $0.datesShifted == shiftDates } ?? false
        for entry in owned where !keep || entry.hasPrefix(".staging") {
            do { try FileManager.default.removeItem(atPath: directory + "/" + entry) } catch {
                throw .unwritable(path: directory + "/" + entry, reason: "\(error)")
            }
        }
        if keep, let existing { state = existing } else { state = fresh }
    }

    /// What an earlier build writes into the folder (and staging left by one interrupted).
    static func isOwned(_ entry: String) -> Bool {
        entry.hasPrefix("participant=") || entry.hasPrefix(".staging") || entry == CohortState.fileName
    }

    /// Adds one bundle; `open` decrypts it afresh for each read.
    public func add(bundle path: String, open: () throws -> any ByteSource) throws(CohortError) -> Outcome {
        let scan = try BundleScan(path: path, open: open)
        let participant = key.pseudonym(vaultID: scan.manifest.vaultID)
        let signer = key.hexHash("healthledger cohort signer v1", scan.manifest.publicKey)
        let from: Int
        let action: Action
        switch plan(scan, participant: participant, signer: signer, bundleKey: scan.manifest.publicKey) {
        case .write(let start, let kind):
            from = start
            action = kind
        case .skip(let kind):
            return Outcome(participant: participant, action: kind, rows: [:], signer: scan.manifest.publicKey)
        case .refuse(let error):
            throw .bundle(path: path, error)
        }
        let rows = try write(scan, path: path, participant: participant, from: from, open: open)
        do {
            if from == 0 { try replaceParticipant(participant) } else { try appendParts(participant) }
            state.participants[participant] = CohortState.Participant(
                lines: scan.lineIDs.count, lastLine: lineHash(scan.lineIDs.last), signer: signer, checkpointSize: scan.checkpointSize)
            try state.write(directory)
        } catch let error as CohortError {
            throw error
        } catch {
            throw .unwritable(path: directory, reason: "\(error)")
        }
        return Outcome(participant: participant, action: action, rows: rows, signer: scan.manifest.publicKey)
    }

    /// Writes the state even when no bundle changed anything, so a new dataset is one.
    public func finish() throws(CohortError) {
        if (try? CohortState.read(directory)) != state {
            do { try state.write(directory) } catch let error as CohortError { throw error } catch {
                throw .unwritable(path: directory, reason: "\(error)")
            }
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    private enum Plan {
        case write(from: Int, Action)
        case skip(Action)
        case refuse(BundleError)
    }

    private func plan(_ scan: BundleScan, participant: String, signer: String, bundleKey: String) -> Plan {
        guard let known = state.participants[participant] else { return .write(from: 0, .created) }
        // Any key can sign a bundle naming any vault id, so the first key seen for a vault
        // may be a forger's: a second key is not refused for good but named, and the
        // researcher, having asked the participant which key is theirs, chooses.
        guard known.signer == signer else {
            if replacing.contains(participant) { return .write(from: 0, .rebuilt) }
            return .refuse(BundleError(
                .signatureMismatch,
                "the bundle names participant \(participant), whom the dataset holds from bundles signed by another vault key; this one is "
                    + "signed by \(bundleKey). Anyone can sign a bundle naming any vault, so one of the two keys is not the participant's: "
                    + "ask the participant for their vault key (`healthledger open` prints a bundle's); if it is this one, build again with "
                    + "--replace-participant \(participant) to rebuild the participant from this bundle alone"))
        }
        let lines = scan.lineIDs
        let continues = known.lines > 0 && lines.count >= known.lines && lineHash(lines[known.lines - 1]) == known.lastLine
        guard continues else { return scan.checkpointSize > known.checkpointSize ? .write(from: 0, .rebuilt) : .skip(.older) }
        if lines.count == known.lines { return .skip(.unchanged) }
        let earlier = Set(lines[..<known.lines])
        let amendsEarlier = scan.amendments.contains { target, amendment in amendment.lastLine >= known.lines && earlier.contains(target) }
        return amendsEarlier ? .write(from: 0, .rebuilt) : .write(from: known.lines, .appended)
    }

    private func lineHash(_ id: EventID?) -> String { key.hexHash("healthledger cohort line v1", id?.description ?? "") }

    /// The second read: rows of lines from `from` into staging, each checked against the
    /// first read's ids, so a bundle swapped between the reads is refused.
    private func write(_ scan: BundleScan, path: String, participant: String, from: Int, open: () throws -> any ByteSource) throws(CohortError) -> [String: Int] {
        let folder = staging + "/" + participant
        do {
            return try stage(scan, into: folder, from: from, open: open)
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            switch error {
            case let error as BundleError: throw .bundle(path: path, error)
            case let error as CohortError: throw error
            case let error as ParquetError:
                if error.isDiskFull { throw .diskFull(path: error.path ?? folder) }
                if let reason = error.systemReason { throw .unwritable(path: error.path ?? folder, reason: reason) }
                throw .unwritable(path: folder, reason: "\(error)")
            default: throw .bundle(path: path, BundleError(.notABundle, "\(error)"))
            }
        }
    }

    private func stage(_ scan: BundleScan, into folder: String, from: Int, open: () throws -> any ByteSource) throws -> [String: Int] {
        let shift = shiftDates ? key.dateShiftDays(vaultID: scan.manifest.vaultID) : 0
        var writers: [String: ParquetFileWriter] = [:]
        var rows: [String: Int] = [:]
        var lines = LineSplitter()
        var number = 0
        func take(_ line: [UInt8]) throws {
            guard !line.isEmpty else { return }
            defer { number += 1 }
            guard number >= from else { return }
            let event = try BundleScan.event(line, number: number + 1)
            guard number < scan.lineIDs.count, event.id == scan.lineIDs[number] else {
                throw BundleError(.hashMismatch, "\(BundleLayout.events) line \(number + 1) differs from the first read: the bundle changed while it was read")
            }
            guard !event.kind.isAmendment, let current = scan.current(event), let (table, values) = try CohortTable.row(current, shiftDays: shift) else { return }
            let writer: ParquetFileWriter
            if let open = writers[table.name] {
                writer = open
            } else {
                let kindFolder = folder + "/kind=" + table.name
                try Self.makeFolder(kindFolder)
                writer = try ParquetFileWriter(path: kindFolder + "/" + Self.partName(from), columns: table.parquetColumns, metadata: metadata(table))
                writers[table.name] = writer
            }
            try writer.append(values)
            rows[table.name, default: 0] += 1
        }
        try? FileManager.default.removeItem(atPath: folder)
        try Self.makeFolder(staging)
        try Self.makeFolder(folder)
        _ = try BundleReader(expectedSigner: scan.manifest.publicKeyBytes).read(try open()) { entry in
            entry == BundleLayout.events ? .init(consume: { try lines.splitEvents($0, take) }) : nil
        }
        try lines.finishEvents(take)
        guard number == scan.lineIDs.count else {
            throw BundleError(.hashMismatch, "\(BundleLayout.events) has \(number) lines now and had \(scan.lineIDs.count): the bundle changed while it was read")
        }
        for (_, writer) in writers.sorted(by: { $0.key < $1.key }) { try writer.close() }
        return rows
    }

    private func metadata(_ table: CohortTable) -> [(String, String)] {
        [
            ("healthledger.cohort.kind", table.name),
            ("healthledger.cohort.dates_shifted", shiftDates ? "true" : "false"),
            ("healthledger.timestamps", "start/end: UTC instants; utc_offset: seconds east of UTC where it happened; local_day/end_day: the dates there"),
        ]
    }

    /// Part files are named by the first line they hold, so a rebuild writes the same names.
    static func partName(_ from: Int) -> String {
        let digits = String(from)
        return "part-" + String(repeating: "0", count: max(0, 9 - digits.count)) + digits + ".parquet"
    }

    /// Puts the staged participant in place of the one in the dataset (if any).
    private func replaceParticipant(_ participant: String) throws {
        let target = directory + "/participant=" + participant
        let staged = staging + "/" + participant
        let old = staging + "/" + participant + ".old"
        if FileManager.default.fileExists(atPath: target) { try Self.rename(target, old) }
        try Self.rename(staged, target)
        try? FileManager.default.removeItem(atPath: old)
    }

    /// Moves each staged part file into the participant's kind folder.
    private func appendParts(_ participant: String) throws {
        let staged = staging + "/" + participant
        for kind in try FileManager.default.contentsOfDirectory(atPath: staged).sorted() {
            let target = directory + "/participant=" + participant + "/" + kind
            try Self.makeFolder(target)
            for part in try FileManager.default.contentsOfDirectory(atPath: staged + "/" + kind) {
                try Self.rename(staged + "/" + kind + "/" + part, target + "/" + part)
            }
        }
        try FileManager.default.removeItem(atPath: staged)
    }

    static func rename(_ from: String, _ to: String) throws {
        do throws(SystemCallFailure) {
            try Platform.rename(from, to: to)
        } catch {
            throw CohortError.unwritable(path: to, reason: error.reason)
        }
    }

    static func makeFolder(_ path: String) throws(CohortError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .unwritable(path: path, reason: "\(error)")
        }
    }
}
