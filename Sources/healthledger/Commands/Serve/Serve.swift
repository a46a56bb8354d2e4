import ArgumentParser
import Charts
import Dashboard
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections
import Query

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "A private dashboard in your browser, served to this computer only (127.0.0.1 and ::1).",
        discussion: """
            Unlocks the vault as every command does and holds the key only while it runs: Ctrl-C, or --idle
            without a request, stops it and lets go of the key. It prints one URL with a one-time token; the
            browser that opens it first gets the session. The URL's host is a random name under .localhost
            (Chromium and Firefox take it to this computer), so the session cookie reaches no other server
            here; --open hands the browser a private file that leads there, never the token itself.
            """)
    @Option(help: "The port on 127.0.0.1 and ::1.") var port = 8787
    @Flag(help: "Open the dashboard in the default browser (xdg-open), through a private file: the token stays out of every argv.") var open = false
    @Option(help: "Stop after this long without a request (30m, 2h).") var idle = "30m"
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        guard (1...65535).contains(port) else { throw ValidationError("--port \(port) must be 1…65535") }
    }

    func run() async throws {
        let idleSeconds = try EntryTiming.seconds(idle, flag: "--idle")
        guard idleSeconds > 0 else { throw ExitStatus.Failure(status: .invalidInput, message: "--idle \(idle) must be longer than zero") }
        let session = VaultSession(try vault.openLedger())
        let server = DashboardServer(
            configuration: DashboardConfiguration(port: port, idleSeconds: Double(idleSeconds)), vault: session)
        let url = server.launchURL
        let launchPage = try open ? LaunchPage(redirectingTo: url) : nil
        defer { launchPage?.remove() }
        if let launchPage { server.gate.whenRedeemed { launchPage.remove() } }
        do {
            try await server.run {
                // Written straight to the descriptor: a pipe reader sees the URL at once.
                FileHandle.standardOutput.write(Data("""
                    HealthLedger dashboard: \(url)
                    (served to this computer only; Ctrl-C stops it and locks the key away)

                    """.utf8))
                if let launchPage { Self.openBrowser(launchPage.fileURL) }
            }
        } catch {
            throw ExitStatus.Failure(status: .ioError, message: "the dashboard stopped: \(error) (is port \(port) in use? choose another with --port)")
        }
        FileHandle.standardOutput.write(Data("dashboard stopped; the vault key is no longer held\n".utf8))
    }

    /// Opens `url`, which every user can read in /proc while the browser runs: never the token's URL.
    static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        do {
            try process.run()
        } catch {
            FileHandle.standardError.write(Data("healthledger: could not open a browser (\(error)); open the URL above yourself\n".utf8))
        }
    }
}
