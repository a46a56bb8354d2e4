import Foundation
import LedgerCore

/// Records, rate and ETA on stderr when it is a terminal; silent in scripts and pipes.
final class Progress {
    private let label: String
    private let total: Int?
    /// What is counted: `records`, `files`, `captures`.
    private let unit: String
    private let started = Date()
    private var lastDraw = Date.distantPast
    private let enabled = Platform.standardErrorIsTerminal

    init(_ label: String, total: Int? = nil, unit: String = "records") {
        self.label = label
        self.total = total
        self.unit = unit
    }

    func update(_ done: Int) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = Date()
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(done) / elapsed
        var line = "\r\(label): \(done.formatted()) \(unit), \(Int(rate).formatted())/s"
        if let total, rate > 0, total > done {
            line += ", ETA \(Int(Double(total - done) / rate))s"
        }
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// Records so far, with the ETA from the share of the input read (bytes, for a file
    /// whose record count is unknown until the end) and what is being read now.
    func update(_ done: Int, fraction: Double, detail: String) {
        guard enabled, Date().timeIntervalSince(lastDraw) > 0.2 else { return }
        lastDraw = Date()
        let elapsed = max(Date().timeIntervalSince(started), 0.001)
        var line = "\r\u{1b}[K\(label): \(done.formatted()) records, \(Int(Double(done) / elapsed).formatted())/s"
        if fraction > 0.01, fraction < 1 { line += ", \(Int(fraction * 100))%, ETA \(Int(elapsed / fraction - elapsed))s" }
        if !detail.isEmpty { line += ", \(detail)" }
        FileHandle.standardError.write(Data(line.utf8))
    }

    func finish() {
        guard enabled else { return }
        FileHandle.standardError.write(Data("\r\u{1b}[K".utf8))
    }
}
