import Foundation
import LedgerStore

/// Appends what the command read from the vault to the file `HEALTHLEDGER_READ_STATS` names,
/// so end-to-end tests can hold a command's cost bounded as the log grows.
///
/// Written from an `atexit` handler because commands end by returning, by throwing and by
/// `exit` with a status; all three run it.
enum ReadStatisticsReport {
    static let variable = "HEALTHLEDGER_READ_STATS"

    static func install() {
        guard ProcessInfo.processInfo.environment[variable] != nil else { return }
        atexit { ReadStatisticsReport.write() }
    }

    private static func write() {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let file = FileHandle(forWritingAtPath: path) else { return }
        let records = ReadStatistics.recordsOpened.load(ordering: .relaxed)
        let partitions = ReadStatistics.partitionsOpened.load(ordering: .relaxed)
        file.seekToEndOfFile()
        file.write(Data("recordsOpened=\(records) partitionsOpened=\(partitions)\n".utf8))
        try? file.close()
    }
}
