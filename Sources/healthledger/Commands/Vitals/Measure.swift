import ArgumentParser
import Foundation
import HealthImport
import LedgerApplication
import LedgerCore
import LedgerStore
import Numerical
import Projections

struct Measure: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Store a raw vital recording; the vitals view derives the rate (and re-derives it when the algorithm improves).",
        subcommands: [MeasureHeartRate.self, MeasureBreathing.self])
}

/// What both measurements take: the recording, its rate, the session, the entry's time.
struct RecordingOptions: ParsableArguments {
    @Argument(help: "The recording: a CSV or JSON file, a Y4M video (heart rate), or - for standard input.", completion: .file()) var file: String
    @Option(help: "Samples (frames) per second, when the file has no time column.") var rate: Double?
    @Option(help: "Add it to this session (the start of its id; see `history`); default: the open session, if any.") var session: String?
    @Flag(help: "Store it outside any session, even while one is open.") var noSession = false
    @Flag(help: "Print the reading as one JSON object.") var json = false
    @OptionGroup var entry: EntryOptions
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        if let rate, !(rate > 0) { throw ValidationError("--rate must be a positive number of samples per second") }
        if session != nil, noSession { throw ValidationError("choose one of --session and --no-session") }
    }

    /// Stores `measured` in the session asked for, then prints the rate the view derived.
    func store(_ measured: VitalMeasured) throws {
        var measured = measured
        let ledger = try vault.openLedger()
        if let session {
            measured.session = try SessionLookup.find(session, in: SessionLookup.current(ledger)).id
        } else if !noSession {
            measured.session = try SessionLookup.current(ledger).allSessions().last(where: \.isOpen)?.id
        }
        var event = try entry.event(measured.validated())
        // The recording spans its samples: its end is known without --end.
        if event.end == nil { event.end = event.start.adding(seconds: UniformSignal(values: measured.firstAxis, timing: measured.timing).duration) }
        let outcome = try vault.application(ledger).append([event])
        guard outcome.duplicates == 0 else {
            print("already stored (same id): skipped")
            return
        }
        let state = try SessionLookup.current(ledger)
        guard let reading = try state.allReadings().last(where: { $0.id == event.id }) else { return }
        if json {
            print(JSONWriter.string(reading.document))
        } else {
            let place = measured.session.map { " in session \($0.prefix(8))" } ?? ""
            print("stored \(EventReference.label(outcome.appended.first ?? 0, event.id)) vital.measured (\(measured.firstAxis.count) samples, \(String(format: "%.1f", reading.seconds)) s)\(place)")
            print("\(reading.measure): \(reading.summary)")
        }
    }
}

struct MeasureHeartRate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "heart-rate",
        abstract: "Heart rate from a fingertip on the camera: per-frame mean red (CSV t,red or JSON), or a video piped as Y4M.",
        discussion: "ffmpeg -i finger.mp4 -f yuv4mpegpipe - | healthledger measure heart-rate -")
    @OptionGroup var recording: RecordingOptions

    func run() throws {
        let progress = Progress("reading frames", unit: "frames")
        let measured = try VitalRecording.ppg(recording.file, rate: recording.rate, detail: "fingertip camera") { progress.update($0) }
        progress.finish()
        try recording.store(measured)
    }
}

struct MeasureBreathing: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "breathing",
        abstract: "Breathing rate from a phone lying on the chest: accelerometer samples (CSV t,x,y,z or JSON).")
    @OptionGroup var recording: RecordingOptions

    func run() throws {
        try recording.store(VitalRecording.accelerometer(recording.file, rate: recording.rate, detail: "phone on chest"))
    }
}
