import Foundation
import Testing
import TestSupport

/// `log` on a terminal shows a page, not a lifetime; a pipe still gets every line.
@Suite struct LogPageTests {
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs util-linux's script for a terminal"))
    func aTerminalGetsAPageAndAllGetsEveryOne() throws {
        let vault = try CLIVault()
        try vault.ok(["append", "--jsonl", "-"], stdin: MoodEvents.lines(0..<60))
        func onTerminal(_ extra: String) throws -> CLI.Result {
            // script gives the command a terminal as its standard output.
            try CLI.run(["-qec", "\(CLI.binary) log --vault \(vault.path) --passphrase-file \(vault.passphraseFile) \(extra)", "/dev/null"], executable: "/usr/bin/script")
        }
        let paged = try onTerminal("")
        let rows = paged.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("#") }
        #expect(rows.count == 50, "\(paged.stdout)")
        #expect(rows.first?.hasPrefix("#10 ") == true, "the last page: \(rows.first ?? "")")
        #expect(paged.stdout.contains("(the last 50 events: --all shows every one"), "\(paged.stdout)")
        let all = try onTerminal("--all")
        #expect(all.stdout.split(whereSeparator: \.isNewline).filter { $0.hasPrefix("#") }.count == 60)
        #expect(try vault.ok(["log"]).split(separator: "\n").count == 60, "a pipe gets every line")
        let both = try vault.run(["log", "--all", "--limit", "3"])
        #expect(both.status == 64)
    }
}
