import Testing
import TestSupport

/// What `stop` says when it has nothing to stop: each way of naming what to stop gets a
/// message about that way, exit 65, and nothing is appended.
struct StopMessagesTests {
    @Test func stoppingWithNothingRunningSaysSoWhicheverWayItIsAsked() throws {
        let vault = try CLIVault()
        for arguments in [["stop"], ["stop", "--all"], ["stop", "--last"]] {
            let stopped = try vault.run(arguments)
            #expect(stopped.status == 65, "\(arguments)")
            #expect(stopped.stderr.contains("no activity is running"), "\(arguments): \(stopped.stderr)")
        }
        try vault.ok(["start", "Reading"])
        let named = try vault.run(["stop", "Walking"])
        #expect(named.status == 65)
        #expect(named.stderr.contains("no running activity named 'Walking'"), "\(named.stderr)")
        #expect(try vault.rawEvents().count == 1, "only the start is stored")
    }
}
