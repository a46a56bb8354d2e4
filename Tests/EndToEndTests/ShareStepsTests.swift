import Foundation
import Testing
import TestSupport

/// `share steps` and `import steps`, between two vaults, as two friends would use them.
@Suite struct ShareStepsTests {
    /// Step samples at 10:00 local on 2026-03-DD, one per (day, count).
    static func steps(_ days: [(Int, Int)], source: String = "iPhone") -> String {
        days.map { day, count in
            String(format: #"{"kind":"sample.recorded","start":"2026-03-%02dT10:00:00+01:00","end":"2026-03-%02dT10:30:00+01:00","source":{"name":"%@"},"payload":{"type":"HKQuantityTypeIdentifierStepCount","value":%d,"unit":"count"}}"#,
                   day, day, source, count)
        }.joined(separator: "\n") + "\n"
    }

    /// Ann's vault with steps on 1, 2 and 4 March (none on the 3rd), and her link for 1–4 March.
    static func annsLink() throws -> (vault: CLIVault, link: String) {
        let ann = try CLIVault()
        try ann.ok(["append", "--jsonl", "-"], stdin: steps([(1, 8_000), (2, 9_500), (4, 12_000)]))
        let link = try ann.ok(["share", "steps", "--days", "4", "--to", "2026-03-04", "--name", "Ann"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(link.hasPrefix("healthledger:steps?d="))
        return (ann, link)
    }

    static func csv(_ vault: CLIVault, _ query: String) throws -> String { try vault.ok(["query", query, "--format", "csv"]) }

    @Test func aFriendsStepsAreStoredUnderTheirNameBesideYoursAndNeverInYourDailyMetrics() throws {
        let (_, link) = try Self.annsLink()
        let bob = try CLIVault()
        try bob.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 5_000), (2, 6_000)]))
        let imported = try bob.ok(["import", "steps", link])
        #expect(imported.contains("imported Ann's steps: 3 days from 2026-03-01"), "\(imported)")
        #expect(try Self.csv(bob, "friend_steps by day") == "day,friend_steps (count)\n2026-03-01,8000\n2026-03-02,9500\n2026-03-04,12000\n")
        #expect(try Self.csv(bob, #"friend_steps "Ann" by day"#).split(separator: "\n").count == 4, "a friend's steps by their name")
        #expect(try Self.csv(bob, "daily.step_count by day") == "day,daily.step_count (count)\n2026-03-01,5000\n2026-03-02,6000\n", "never added to your own")
        let events = try bob.rawEvents().filter { $0["kind"] as? String == "friendSteps.shared" }
        #expect(events.count == 3)
        #expect(Set(events.compactMap { ($0["source"] as? [String: Any])?["name"] as? String }) == ["Ann"])
        let chart = bob.root + "/steps.svg"
        try bob.ok(["chart", "line", "daily.step_count, friend_steps by day", "--out", chart])
        let svg = try String(contentsOfFile: chart, encoding: .utf8)
        #expect(svg.components(separatedBy: "class=\"series\"").count - 1 == 2, "both on the chart")
        #expect(svg.components(separatedBy: "y-axis").count - 1 == 1, "on one axis: both count steps")

        let again = try bob.ok(["import", "steps", link])
        #expect(again.contains("0 stored, 3 already held"), "\(again)")
        let renamed = try bob.ok(["import", "steps", link, "--name", "Annie"])
        #expect(renamed.contains("imported Annie's steps"))
    }

    @Test func aNewerLinkUpdatesTheDaysWhoseCountsChanged() throws {
        let (ann, link) = try Self.annsLink()
        let bob = try CLIVault()
        try bob.ok(["import", "steps", link])
        try ann.ok(["append", "--jsonl", "-"], stdin: Self.steps([(2, 500), (3, 4_000)], source: "iPhone"))
        let newer = try ann.ok(["share", "steps", "--days", "4", "--to", "2026-03-04", "--name", "Ann"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try bob.ok(["import", "steps", newer])
        #expect(try Self.csv(bob, "friend_steps by day") == "day,friend_steps (count)\n2026-03-01,8000\n2026-03-02,10000\n2026-03-03,4000\n2026-03-04,12000\n")
    }

    /// A link for 1 March only, as `name`, from `vault`.
    static func link(_ vault: CLIVault, name: String) throws -> String {
        try vault.ok(["share", "steps", "--days", "1", "--to", "2026-03-01", "--name", name]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theLinkImportedLastSetsTheCountEvenWhenItGoesBackToAnEarlierOne() throws {
        let ann = try CLIVault()
        try ann.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 100)]))
        let hundred = try Self.link(ann, name: "Ann")
        // A second walk later that day, from the same phone: the day's count becomes 200.
        try ann.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 100)]).replacingOccurrences(of: "T10:", with: "T15:"))
        let twoHundred = try Self.link(ann, name: "Ann")
        let bob = try CLIVault()
        for (link, expected) in [(hundred, 100), (twoHundred, 200), (hundred, 100), (twoHundred, 200), (twoHundred, 200)] {
            let imported = try bob.ok(["import", "steps", link])
            #expect(try Self.csv(bob, "friend_steps by day") == "day,friend_steps (count)\n2026-03-01,\(expected)\n", "\(imported)")
        }
        #expect(try bob.ok(["import", "steps", twoHundred]).contains("0 stored, 1 already held"))
    }

    @Test func aLinkUnderAKnownNameSignedByAnotherKeyIsRefusedUntilTheNewKeyIsAccepted() throws {
        let (ann, link) = try Self.annsLink()
        let bob = try CLIVault()
        try bob.ok(["import", "steps", link])
        let eve = try CLIVault()
        try eve.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 50_000)]))
        let forged = try Self.link(eve, name: "Ann")
        let before = try bob.rawEvents().count
        let refused = try bob.run(["import", "steps", forged])
        #expect(refused.status == 32, "\(refused.stderr)")
        #expect(refused.stderr.contains("the link names Ann, but another key signed it"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--new-key") && refused.stderr.contains("--name"), "\(refused.stderr)")
        #expect(try bob.rawEvents().count == before, "nothing stored")
        #expect(try Self.csv(bob, #"friend_steps "Ann" by day"#).contains("2026-03-01,8000\n"), "Ann's day untouched")
        // Ann's own later links still go in; Eve's under her own name, or as Ann's new key when Bob says so.
        try ann.ok(["append", "--jsonl", "-"], stdin: Self.steps([(4, 1)]))
        #expect(try bob.run(["import", "steps", try ann.ok(["share", "steps", "--days", "4", "--to", "2026-03-04", "--name", "Ann"])]).status == 0)
        #expect(try bob.ok(["import", "steps", forged, "--name", "Eve"]).contains("imported Eve's steps"))
        #expect(try Self.csv(bob, #"friend_steps "Eve" by day"#).hasSuffix("\n2026-03-01,50000\n"))
        let accepted = try bob.run(["import", "steps", forged, "--new-key"])
        #expect(accepted.status == 0, "\(accepted.stderr)")
    }

    @Test func controlCharactersInALinksNameAreShownEscapedNeverSentToTheTerminal() throws {
        let eve = try CLIVault()
        try eve.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 100)]))
        // Retitles the window, returns to the line's start and clears it, then prints a fake fingerprint.
        let name = "Ann\u{1B}]0;owned\u{07}\r\u{1B}[2Kkey fingerprint 0000 0000\u{9B}31m\u{202E}"
        let link = try Self.link(eve, name: name)
        let bob = try CLIVault()
        let imported = try bob.ok(["import", "steps", link])
        let logged = try bob.ok(["log"])
        for output in [imported, logged] {
            #expect(!output.unicodeScalars.contains { [0x1B, 0x07, 0x0D, 0x9B, 0x202E].contains($0.value) }, "\(output.debugDescription)")
        }
        #expect(imported.contains(#"imported Ann\u{1B}]0;owned\u{7}\u{D}\u{1B}[2Kkey fingerprint 0000 0000\u{9B}31m\u{202E}'s steps"#), "\(imported)")
        #expect(logged.contains(#"Ann\u{1B}]0;owned"#), "\(logged)")
    }

    @Test func aChangedOrCutShortLinkIsRefusedAndStoresNothing() throws {
        let (_, link) = try Self.annsLink()
        let bob = try CLIVault()
        try bob.ok(["mood", "6"])
        let before = try bob.rawEvents().count
        // One character changed in the days and counts, in the key, in the signature.
        for field in ["d=", "&k=", "&s="] {
            let start = try #require(link.range(of: field)).upperBound
            let position = link.index(start, offsetBy: 12)
            let changed = link.replacingCharacters(in: position...position, with: link[position] == "A" ? "B" : "A")
            let tampered = try bob.run(["import", "steps", changed])
            #expect(tampered.status == 31, "\(field): \(tampered.stderr)")
            #expect(tampered.stderr.contains("changed after it was signed"))
        }
        for cut in [String(link.dropLast(10)), String(link.prefix(link.count / 2)), "healthledger:steps?", "https://example.org/steps"] {
            let result = try bob.run(["import", "steps", cut])
            #expect(result.status == 30, "\(cut): \(result.stderr)")
            #expect(result.stderr.contains("damaged or incomplete"))
        }
        #expect(try bob.rawEvents().count == before)
    }

    @Test func theLinkIsAlsoAQRCodeThatReadsBackAsTheLink() throws {
        let ann = try CLIVault()
        try ann.ok(["append", "--jsonl", "-"], stdin: Self.steps([(1, 8_000)]))
        let png = ann.root + "/steps.png"
        // Under the common umask 022: the picture carries the steps, so it must still be 0600.
        let result = try CLI.run(
            ["-c", "umask 022; exec \"$0\" \"$@\"", CLI.binary, "share", "steps", "--days", "2", "--to", "2026-03-02", "--name", "Ann", "--qr", png,
             "--vault", ann.path, "--passphrase-file", ann.passphraseFile], executable: "/bin/sh")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/qrencode") else {
            #expect(result.status == 74 && result.stderr.contains("apt-get install qrencode"))
            return
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("key fingerprint"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        let mode = try FileManager.default.attributesOfItem(atPath: png)[.posixPermissions] as? Int
        #expect(mode == 0o600, "the QR code is \(String(mode ?? 0, radix: 8))")
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") {
            let decoded = try ExternalTool.run("zbarimg", ["--raw", "-q", png]).stdout
            #expect(decoded.trimmingCharacters(in: .whitespacesAndNewlines) == result.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}
