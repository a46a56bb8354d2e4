import Foundation
import LedgerCore

/// `_cohort.json` in the dataset (the leading underscore keeps Spark, DuckDB and pyarrow
/// from taking it for data): the study key's check, whether dates are shifted, and each
/// participant's high-water mark — how many lines of its bundles' `events.jsonl` the
/// dataset holds, and keyed hashes of the last of them and of the signing vault key, so
/// a newer bundle adds only the lines after it and only the same vault may add them.
/// Nothing in it names a participant: every value is a keyed hash under the study key.
struct CohortState: Equatable {
    static let fileName = "_cohort.json"
    static let format = "healthledger-cohort"

    struct Participant: Equatable {
        /// Lines of `events.jsonl` taken, amendments included.
        var lines: Int
        /// The keyed hash of the id of line `lines - 1`.
        var lastLine: String
        /// The keyed hash of the vault's signing key.
        var signer: String
        /// The signed checkpoint's size (the vault's log length) of the bundle taken.
        var checkpointSize: UInt64
    }

    var keyCheck: String
    var datesShifted: Bool
    var participants: [String: Participant] = [:]

    var document: Document {
        var participants = Document()
        for (name, participant) in self.participants.sorted(by: { $0.key < $1.key }) {
            participants[name] = .map([
                "lines": .int(Int64(participant.lines)), "last_line": .string(participant.lastLine), "signer": .string(participant.signer),
                "checkpoint_size": .int(Int64(participant.checkpointSize)),
            ])
        }
        return [
            "format": .string(Self.format), "version": .int(1), "key_check": .string(keyCheck), "dates_shifted": .bool(datesShifted),
            "participants": .map(participants),
        ]
    }

    init(keyCheck: String, datesShifted: Bool) {
        self.keyCheck = keyCheck
        self.datesShifted = datesShifted
    }

    /// The state in `directory`, nil when there is none; throws when the file is not one.
    static func read(_ directory: String) throws(CohortError) -> CohortState? {
        let path = directory + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        do {
            let document = try JSONParser.parseObject(String(decoding: data, as: UTF8.self))
            guard try document.string("format") == format, try document.int("version") == 1 else {
                throw CohortError.notADataset(path: path, reason: "is not a cohort dataset's state")
            }
            var state = CohortState(keyCheck: try document.string("key_check"), datesShifted: try document.optionalBool("dates_shifted") ?? false)
            for field in (try document.optionalDocument("participants") ?? Document()).fields {
                guard case .map(let entry) = field.value else { throw CohortError.notADataset(path: path, reason: "names a participant without its mark") }
                state.participants[field.name] = Participant(
                    lines: Int(try entry.int("lines")), lastLine: try entry.string("last_line"), signer: try entry.string("signer"),
                    checkpointSize: UInt64(max(0, try entry.int("checkpoint_size"))))
            }
            return state
        } catch let error as CohortError {
            throw error
        } catch {
            throw CohortError.notADataset(path: path, reason: "is damaged (\(error)); rebuild the dataset with --force")
        }
    }

    /// Replaces the file in one rename, so a crash leaves the old state or the new one.
    func write(_ directory: String) throws {
        let path = directory + "/" + Self.fileName
        let staged = directory + "/.staging-state"
        let bytes = Array((JSONWriter.string(document) + "\n").utf8)
        let descriptor: Int32
        do {
            descriptor = try OwnerOnlyFile.open(staged, existing: .truncate)
        } catch {
            throw CohortError.unwritable(path: staged, reason: error.reason)
        }
        var failure: Int32?
        do {
            try WriteAll.write(bytes, to: descriptor)
            if fsync(descriptor) != 0 { failure = errno }
        } catch {
            failure = error.code
        }
        close(descriptor)
        if let failure {
            unlink(staged)
            throw failure == ENOSPC ? CohortError.diskFull(path: staged) : CohortError.unwritable(path: staged, reason: String(cString: strerror(failure)))
        }
        guard rename(staged, path) == 0 else { throw CohortError.unwritable(path: path, reason: String(cString: strerror(errno))) }
    }
}
