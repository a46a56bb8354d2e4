import Foundation
import Testing
import TestSupport

/// The man page and the shell completions a person installs from the binary's own help.
@Suite struct ShellHabitsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// Every command's name, parents first, as `--experimental-dump-help` lists them.
    static func commandNames() throws -> [String] {
        let dump = try CLI.run(["--experimental-dump-help"])
        let root = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var names: [String] = []
        func walk(_ command: [String: Any]) {
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                names.append(sub["commandName"] as! String)
                walk(sub)
            }
        }
        walk(try #require(root["command"] as? [String: Any]))
        return names
    }

    /// docs/man/healthledger.1 is generated (Tools/man-page.sh); a command added since would be missing from it.
    @Test func theManPageNamesEveryCommandInOrder() throws {
        let page = try String(contentsOfFile: Self.repository + "/docs/man/healthledger.1", encoding: .utf8)
        let listed = page.split(separator: "\n").filter { $0.hasPrefix(".It Em ") }.map { String($0.dropFirst(".It Em ".count)) }
        let commands = try Self.commandNames()
        #expect(commands.count > 60, "\(commands)")
        #expect(listed == commands, "docs/man/healthledger.1 is older than the commands: run `bash Tools/man-page.sh`")
    }

    /// groff reads the page without a warning, as `man` will.
    @Test func theManPageRendersWithoutWarnings() throws {
        let groff = Process()
        groff.executableURL = URL(fileURLWithPath: "/usr/bin/groff")
        groff.arguments = ["-mandoc", "-Tutf8", "-ww", "-z", Self.repository + "/docs/man/healthledger.1"]
        let errors = Pipe()
        groff.standardError = errors
        try groff.run()
        let warnings = String(decoding: CLI.drain(errors.fileHandleForReading), as: UTF8.self)
        groff.waitUntilExit()
        #expect(groff.terminationStatus == 0 && warnings.isEmpty, "\(warnings)")
    }

    @Test func theBashScriptCompletesPathsViewsAndKinds() throws {
        let script = try CLI.run(["--generate-completion-script", "bash"]).stdout
        for view in ["daily-metrics", "calorie-credit", "vitals", "face-models", "query-index"] {
            #expect(script.contains(view), "replay completes \(view)")
        }
        let appleHealth = try #require(Self.positionals(of: "_healthledger_import_apple-health", in: script))
        #expect(appleHealth.contains("add_completions -f\n"), "the export's path completes as a file: \(appleHealth)")
        let shareHealth = try #require(Self.positionals(of: "_healthledger_import_sharehealth", in: script))
        #expect(shareHealth.contains("add_completions -d\n"), "the folder completes as a folder: \(shareHealth)")
    }

    /// Bash itself, given the script, completes what a person half typed: the function `complete -p`
    /// names is called as bash calls it at a tab.
    @Test(arguments: [
        (["log", "--kind", "mo"], ["mood", "mood.rated"]),
        (["replay", "daily"], ["daily-metrics"]),
        (["import", "apple-health", "exp"], ["export.zip"]),
        (["import", "sharehealth", ""], ["ShareHealth"]),
    ])
    func bashCompletes(typed: [String], expected: [String]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hl-complete-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/ShareHealth", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data().write(to: URL(fileURLWithPath: folder + "/export.zip"))
        let script = folder + "/healthledger.bash"
        try CLI.run(["--generate-completion-script", "bash"]).stdout.write(toFile: script, atomically: true, encoding: .utf8)
        let words = (["healthledger"] + typed).map { "'\($0)'" }.joined(separator: " ")
        let line = (["healthledger"] + typed).joined(separator: " ")
        let driver = """
            cd '\(folder)' && source '\(script)'
            COMP_WORDS=(\(words)); COMP_CWORD=\(typed.count); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            spec="$(complete -p healthledger)"; function="${spec##*-F }"; function="${function%% *}"
            "$function" healthledger "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try CLI.run(["-c", driver], environment: ["PATH": URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"], executable: "/bin/bash")
        let offered = result.stdout.split(separator: "\n").map(String.init)
        #expect(result.status == 0, "\(result.stderr)")
        for word in expected { #expect(offered.contains(word), "\(line)<TAB> offers \(offered)") }
    }

    /// What a generated completion function offers for its positional arguments (options come before).
    static func positionals(of function: String, in script: String) -> String? {
        guard let start = script.range(of: "\n\(function)() {") else { return nil }
        let body = script[start.upperBound...]
        let end = body.range(of: "\n}\n")?.lowerBound ?? body.endIndex
        guard let positional = body[..<end].range(of: "# Offer positional completions") else { return nil }
        return String(body[positional.upperBound..<end])
    }
}
