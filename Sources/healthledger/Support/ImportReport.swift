import Foundation
import HealthImport
import LedgerCore
import LedgerStore

/// How every importer reports: counts per type and per source, what was stored, what was
/// skipped and why — as text for people and JSON for scripts.
enum ImportReport {
    static func print(_ summary: ImportSummary, input: String, seconds: Double, json: Bool) {
        if json {
            Swift.print(JSONWriter.string(document(summary, input: input, seconds: seconds)))
            return
        }
        let rate = seconds > 0 ? " (\(Int(Double(summary.read) / seconds).formatted())/s)" : ""
        Swift.print("""
            \(input): \(summary.read.formatted()) records read in \(String(format: "%.1f", seconds)) s\(rate); \
            \(summary.appended.formatted()) stored, \(summary.duplicates.formatted()) already stored, \
            \(summary.skippedTotal.formatted()) skipped
            """)
        Swift.print("By type:")
        for (type, count) in sorted(summary.readByType) { Swift.print("  \(pad(count)) \(shortType(type))") }
        Swift.print("By source:")
        for (source, count) in sorted(summary.readBySource) {
            Swift.print("  \(pad(count)) \(count == 1 ? "reading" : "readings") from \(source)")
        }
        if !summary.localTimeRules.isEmpty {
            Swift.print("Local time taken from:")
            for (rule, count) in sorted(summary.localTimeRules) { Swift.print("  \(pad(count)) \(rule)") }
        }
        for (origin, count) in sorted(summary.heldFromOtherImports) {
            Swift.print("Already stored from \(origin): \(count.formatted()) (the same \(count == 1 ? "record" : "records") under \(origin)'s own id, counted once; among those already stored)")
        }
        if summary.repeats > 0 {
            Swift.print("Repeats: \(summary.repeats.formatted()) \(summary.repeats == 1 ? "record repeats a sample" : "records repeat samples") read before (same source, type, time, value and unit); stored, counted once in every view")
        }
        if summary.correctedSeries > 0 {
            Swift.print("Corrected: \(summary.correctedSeries.formatted()) heartbeat series stored by an earlier version without their rates (a correction each, counted as stored; the originals stay in the log)")
        }
        if !summary.skipped.isEmpty {
            Swift.print("Skipped (not stored):")
            for (reason, count) in sorted(summary.skipped) {
                let examples = summary.skipExamples[reason, default: []].joined(separator: "; ")
                Swift.print("  \(pad(count)) \(reason)\(examples.isEmpty ? "" : " — e.g. \(examples)")")
            }
        }
        if !summary.unnamedFiles.isEmpty {
            Swift.print("Named by nothing in the export (not stored):")
            for file in summary.unnamedFiles { Swift.print("  \(file)") }
        }
        if !summary.notes.isEmpty {
            Swift.print("Notes (stored, but not exactly as written):")
            for (note, count) in sorted(summary.notes) { Swift.print("  \(pad(count)) \(note)") }
        }
    }

    static func document(_ summary: ImportSummary, input: String, seconds: Double) -> Document {
        func counts(_ map: [String: Int]) -> DocValue {
            var document = Document()
            for (key, count) in sorted(map) { document[key] = .int(Int64(count)) }
            return .map(document)
        }
        var skipped: [DocValue] = []
        for (reason, count) in sorted(summary.skipped) {
            skipped.append(.map([
                "reason": .string(reason), "count": .int(Int64(count)),
                "examples": .array(summary.skipExamples[reason, default: []].map { .string($0) }),
            ]))
        }
        return [
            "input": .string(input), "read": .int(Int64(summary.read)), "stored": .int(Int64(summary.appended)),
            "alreadyStored": .int(Int64(summary.duplicates)), "skipped": .int(Int64(summary.skippedTotal)),
            "seconds": .double((seconds * 1000).rounded() / 1000),
            "byType": counts(summary.readByType), "bySource": counts(summary.readBySource),
            "skips": .array(skipped), "notes": counts(summary.notes),
            "localTime": counts(summary.localTimeRules), "repeats": .int(Int64(summary.repeats)),
            "correctedSeries": .int(Int64(summary.correctedSeries)),
            "alreadyStoredFrom": counts(summary.heldFromOtherImports),
            "unnamedFiles": .array(summary.unnamedFiles.map { .string($0) }),
        ]
    }

    /// `HeartRate` for `HKQuantityTypeIdentifierHeartRate`: the prefix says nothing on a screen.
    static func shortType(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataTypeIdentifier", "HKDataType"]
        where type.hasPrefix(prefix) && type.count > prefix.count {
            return String(type.dropFirst(prefix.count))
        }
        return type
    }

    /// An import that stopped: the cause with its exit status, and what had been stored.
    static func failure(_ error: any Error, input: String) -> ExitStatus.Failure {
        guard let failure = error as? ImportFailure else {
            return ExitStatus.Failure(status: ExitStatus.classify(error) ?? .ioError, message: "\(input): \(error)")
        }
        let stored = failure.summary.appended
        let records = stored == 1 ? "record" : "records"
        let kept = stored > 0
            ? " The \(stored.formatted()) \(records) read before it \(stored == 1 ? "is" : "are") stored; fix or re-export the file and run the same command again: what is stored is skipped."
            : ""
        switch failure.cause {
        case let cause as ExportArchiveError:
            if cause.isMissing { return ExitStatus.Failure(status: .noVault, message: "\(cause)") }
            return ExitStatus.Failure(status: .invalidInput, message: "\(cause)\(kept)")
        case let cause as XMLSyntaxError:
            // A bare export.xml is the document itself: name it once, not as "export.xml: export.xml:".
            let document = URL(fileURLWithPath: input).lastPathComponent == cause.file ? "" : "\(cause.file): "
            return ExitStatus.Failure(status: .invalidInput, message: "\(input): \(document)\(cause.position)\(sentenceEnd(cause.reason))\(kept)")
        default:
            let status = ExitStatus.classify(failure.cause) ?? .ioError
            return ExitStatus.Failure(status: status, message: "\(input): \(failure.cause)\(kept)")
        }
    }

    /// A full stop after a reason that has none, so the sentence about what is kept starts its own.
    private static func sentenceEnd(_ reason: String) -> String {
        guard let last = reason.last, !".!?".contains(last) else { return "" }
        return "."
    }

    private static func sorted(_ map: [String: Int]) -> [(String, Int)] {
        map.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    private static func pad(_ count: Int) -> String {
        let text = count.formatted()
        return String(repeating: " ", count: max(0, 10 - text.count)) + text
    }
}
