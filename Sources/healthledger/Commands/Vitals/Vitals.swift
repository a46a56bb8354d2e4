import ArgumentParser
import Foundation
import LedgerCore
import LedgerStore
import Projections

struct Vitals: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitals",
        abstract: "Every heart-rate and breathing reading, oldest first, with its quality or why it is unreliable.",
        discussion: "Algorithm 3 (default) finds beats on the pulse's slope and breathing on the accelerometer's principal component, tuned on real recordings; 2 band-passes, cross-checks spectrum and peak spacing and flags poor signals; 1 is the companion app's plain peak count, for comparison.")
    @Flag(help: "One JSON object per reading.") var json = false
    @Option(help: "Derive the rates with algorithm 1, 2 or 3 instead of the view's, from the stored raw signals.") var algorithm: Int?
    @OptionGroup var view: ViewOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let algorithm, VitalsAlgorithms.version(algorithm) == nil { throw ValidationError("--algorithm must be 1, 2 or 3") }
    }

    func run() throws {
        let ledger = try vault.openLedger()
        var readings = try view.state(VitalsView.self, ledger: ledger).allReadings()
        if let chosen = algorithm.flatMap(VitalsAlgorithms.version) {
            readings = try readings.map { try Self.rederive($0, with: chosen, ledger: ledger) }
        }
        if readings.isEmpty, !json { print("no readings yet: `healthledger measure heart-rate FILE`") }
        for reading in readings {
            if json {
                print(JSONWriter.string(reading.document))
            } else {
                let when = String(reading.start.iso8601(utcOffset: reading.utcOffset).prefix(19)).replacingOccurrences(of: "T", with: " ")
                // The short id first, as `history` lists sessions: what `show` and `retract` take.
                print("\(EventReference.shortID(reading.id))  \(when)  \(reading.measure): \(reading.summary)  [v\(reading.algorithm)\(reading.session.map { ", session \($0.prefix(8))" } ?? "")]")
            }
        }
    }

    /// `reading` derived again from its raw event by `algorithm` (as first stored: a
    /// recording is not corrected in practice, only retracted, and then it is not listed).
    static func rederive(_ reading: VitalReading, with algorithm: any VitalsAlgorithm, ledger: Ledger) throws -> VitalReading {
        guard let stored = try ledger.event(id: reading.id) else { return reading }
        return reading.derived(by: algorithm, from: try stored.event.decode(VitalMeasured.self))
    }
}
