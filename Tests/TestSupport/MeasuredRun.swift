import Foundation
import Glibc

/// Runs the CLI as `CLI.run` does, under GNU time, so that the kernel's account of this one
/// child (its peak resident memory) is known: `Process` reaps its children itself,
/// `RUSAGE_CHILDREN` mixes in every other test's, and a child spawned straight from this
/// process (posix_spawn shares its memory until the exec) inherits this test process's own
/// peak, hundreds of megabytes while the whole suite runs. GNU time forks from a small
/// process of its own.
public enum MeasuredRun {
    public struct Result {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        /// Peak resident memory, in bytes.
        public let peakMemory: Int
        public let seconds: Double
    }

    public static func run(_ arguments: [String], stdinFile: String) throws -> Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-measured-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinFile, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT, 0o600)
        let timer = "/usr/bin/time"
        let argv = ([timer, "-f", "%M", "-o", folder + "/peak", CLI.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = CLI.childEnvironment().map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        let started = Date()
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, timer, &actions, nil, argv, envp)
        guard spawned == 0 else { throw CLIError(message: "cannot start \(timer) (Debian's `time`): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw CLIError(message: "waitpid failed: \(String(cString: strerror(errno)))") }
        }
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        let peak = try String(contentsOfFile: folder + "/peak", encoding: .utf8)
        guard let kilobytes = peak.split(separator: "\n").last.flatMap({ Int($0) }) else {
            throw CLIError(message: "GNU time wrote no peak memory: \(peak)")
        }
        return Result(
            status: exitStatus,
            stdout: (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? "",
            peakMemory: kilobytes * 1024, seconds: Date().timeIntervalSince(started))
    }
}
