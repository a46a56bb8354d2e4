import Foundation

/// Wall time of `healthledger mood 7` in an unlocked session, process start included.
enum CLIBench {
    static func run(binary: String, runs: Int) throws {
        let vault = scratchDirectory("cli")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        let passphraseFile = vault + ".pass"
        try "bench-passphrase\n".write(toFile: passphraseFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passphraseFile)
        defer { try? FileManager.default.removeItem(atPath: passphraseFile) }
        _ = try invoke(binary, ["init", "--vault", vault, "--passphrase-file", passphraseFile, "--kdf", "interactive"])
        _ = try invoke(binary, ["unlock", "--vault", vault, "--passphrase-file", passphraseFile, "--ttl", "5m"])
        defer { _ = try? invoke(binary, ["lock", "--vault", vault]) }
        var moodTimes: [Double] = []
        var versionTimes: [Double] = []
        for _ in 0..<runs {
            moodTimes.append(try invoke(binary, ["mood", "7", "--vault", vault]))
            versionTimes.append(try invoke(binary, ["kinds"]))
        }
        moodTimes.sort()
        versionTimes.sort()
        let median = moodTimes[runs / 2] * 1000
        let p95 = moodTimes[min(runs - 1, runs * 95 / 100)] * 1000
        print("`healthledger mood 7`, unlocked, \(runs) runs: median \(String(format: "%.1f", median)) ms, p95 \(String(format: "%.1f", p95)) ms (target ≤ 50 ms)")
        print("  peer in the same run — `healthledger kinds` (process start, no vault): median \(String(format: "%.1f", versionTimes[runs / 2] * 1000)) ms")
    }

    /// Runs the binary to completion with posix_spawn, not Foundation's `Process`, whose own
    /// start-up would be timed with it (docs/performance.md, `CLIBench.invoke`); returns its
    /// wall time in seconds.
    static func invoke(_ binary: String, _ arguments: [String]) throws -> Double {
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let started = DispatchTime.now().uptimeNanoseconds
        guard posix_spawn(&pid, binary, &actions, nil, argv, environ) == 0 else {
            throw NSError(domain: "ledger-bench", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot start \(binary)"])
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        guard status == 0 else {
            throw NSError(domain: "ledger-bench", code: Int(status), userInfo: [NSLocalizedDescriptionKey: "\(binary) \(arguments.joined(separator: " ")) failed (status \(status))"])
        }
        return elapsed
    }
}
