import Foundation
import LedgerStore

/// Appends what the command read (`ReadStatistics`) to the file `HEALTHLEDGER_READ_STATS`
/// names, when it ends, successfully or not: the end-to-end tests hold commands' cost bounded
/// as the log grows by these counts instead of timing them.
enum ReadStatisticsReport {
    static let variable = "HEALTHLEDGER_READ_STATS"

    static func install() {
        guard ProcessInfo.processInfo.environment[variable] != nil else { return }
        // At exit, because every way a command ends (success, a mapped failure, an argument
        // error) goes through `exit`.
        atexit { ReadStatisticsReport.append() }
    }

    private static func append() {
        guard let path = ProcessInfo.processInfo.environment[variable] else { return }
        let line = "recordsOpened=\(ReadStatistics.recordsOpened.load(ordering: .relaxed)) partitionsOpened=\(ReadStatistics.partitionsOpened.load(ordering: .relaxed))\n"
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            FileHandle.standardError.write(Data("healthledger: cannot append read statistics to \(path) (\(String(cString: strerror(errno)))); check \(variable)\n".utf8))
            return
        }
        defer { close(descriptor) }
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }
}
