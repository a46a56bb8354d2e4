import Foundation
import LedgerCore
import LedgerStore
import Synchronization

/// Appends what the process read from the vault to the file `HEALTHLEDGER_READ_STATS`
/// names, when the process ends however it ends, so tests can hold a command's cost
/// bounded as the log grows without timing it.
enum ReadStatisticsReport {
    static let variable = "HEALTHLEDGER_READ_STATS"

    static func install() {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return }
        atexit { ReadStatisticsReport.write() }
    }

    private static func write() {
        guard let path = ProcessInfo.processInfo.environment[variable], !path.isEmpty else { return }
        let line = "recordsOpened=\(ReadStatistics.recordsOpened.load(ordering: .relaxed)) partitionsOpened=\(ReadStatistics.partitionsOpened.load(ordering: .relaxed))"
            + " dedupKeysRead=\(ReadStatistics.dedupKeysRead.load(ordering: .relaxed))"
            + " shortIDEntriesRead=\(ReadStatistics.shortIDEntriesRead.load(ordering: .relaxed))\n"
        guard let descriptor = try? OwnerOnlyFile.open(path, existing: .append) else { return }
        defer { close(descriptor) }
        // Written at exit for a benchmark script: nothing is left to tell of a failure.
        try? WriteAll.write(Array(line.utf8), to: descriptor)
    }
}
