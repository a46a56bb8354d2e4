import Foundation
import Testing
import TestSupport

/// The commands that store, make or change something print their result as JSON with --json:
/// every line of standard output is one object, and what they name is what the vault then holds.
@Suite struct ResultJSONTests {
    /// Every line of `text` as a JSON object; a line that is not one fails the test.
    static func objects(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let parsed = try JSONSerialization.jsonObject(with: Data(line.utf8))
            return try #require(parsed as? [String: Any], "not a JSON object: \(line)", sourceLocation: sourceLocation)
        }
    }

    /// The one object a command printed.
    static func object(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let all = try objects(text, sourceLocation: sourceLocation)
        try #require(all.count == 1, "one object expected: \(text)", sourceLocation: sourceLocation)
        return all[0]
    }

    /// What an append adds beside the event as `log --raw --json` prints it.
    static let appendFields: Set<String> = ["alreadyStored", "newName", "notice", "minutes", "session", "predefined"]

    @Test func everyEntryPrintsTheEventsItStoredAsTheLogHoldsThem() throws {
        let vault = try CLIVault()
        var printed: [[String: Any]] = []
        func entry(_ arguments: [String], count: Int = 1, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
            let lines = try Self.objects(vault.ok(arguments + ["--json"], sourceLocation: sourceLocation), sourceLocation: sourceLocation)
            #expect(lines.count == count, "\(arguments): \(lines)", sourceLocation: sourceLocation)
            printed += lines
            return lines
        }
        let mood = try #require(try entry(["mood", "7", "--at", "2026-03-02T08:00:00+01:00"]).first)
        #expect(mood["kind"] as? String == "mood.rated" && (mood["payload"] as? [String: Any])?["rating"] as? Double == 7, "\(mood)")
        #expect(mood["recordedAt"] is String, "the stored event, with the time it was recorded: \(mood)")
        _ = try entry(["fatigue", "3"])
        _ = try entry(["symptom", "headache", "--severity", "2"])
        let firstDose = try #require(try entry(["take", "Aspirin", "500mg"]).first)
        #expect(firstDose["newName"] as? Bool == true && (firstDose["notice"] as? String)?.contains("new medication") == true, "\(firstDose)")
        let secondDose = try #require(try entry(["take", "Aspirin", "500mg"]).first)
        #expect(secondDose["newName"] == nil && secondDose["notice"] == nil, "a known name: \(secondDose)")
        _ = try entry(["eat", "Soup", "--kcal", "300"])
        _ = try entry(["weigh", "72.4kg"])
        _ = try entry(["append", "activity.defined", "name=Reading"])
        let started = try entry(["start", "Reading", "Walking", "--ago", "30m"], count: 2)
        #expect(started.map { $0["newName"] as? Bool } == [nil, true], "Walking is not defined: \(started)")
        let stopped = try entry(["stop", "--all"], count: 2)
        #expect(stopped.allSatisfy { $0["kind"] as? String == "activity.stopped" && ($0["minutes"] as? Int).map { (29...31).contains($0) } == true }, "\(stopped)")
        _ = try entry(["settings", "set", "calorie.firstWeekday", "sunday"])
        let moodID = try #require(mood["id"] as? String)
        let correction = try #require(try entry(["correct", String(moodID.prefix(8)), "rating=6"]).first)
        #expect(correction["kind"] as? String == "event.corrected" && correction["causation"] as? String == moodID, "\(correction)")
        let fatigueID = try #require(printed[1]["id"] as? String)
        let retraction = try #require(try entry(["retract", fatigueID]).first)
        #expect(retraction["kind"] as? String == "event.retracted" && retraction["causation"] as? String == fatigueID, "\(retraction)")
        let id = "0123456789abcdef0123456789abcdef"
        let given = try #require(try entry(["append", "mood.rated", "rating=5", "--id", id]).first)
        let again = try #require(try entry(["append", "mood.rated", "rating=5", "--id", id]).first)
        #expect(given["id"] as? String == id && given["alreadyStored"] == nil, "\(given)")
        #expect(again["alreadyStored"] as? Bool == true && again["sequence"] as? Int == given["sequence"] as? Int, "the event stored the first time: \(again)")

        // Each object printed is the line `log --raw --json` shows for its sequence, plus the append's own fields.
        let log = try Dictionary(vault.rawEvents().map { ($0["sequence"] as! Int, $0) }, uniquingKeysWith: { first, _ in first })
        for object in printed {
            let sequence = try #require(object["sequence"] as? Int, "\(object)")
            let logged = try #require(log[sequence], "#\(sequence) is not in the log")
            let event = object.filter { !Self.appendFields.contains($0.key) }
            #expect(NSDictionary(dictionary: event).isEqual(to: logged), "printed \(event), the log holds \(logged)")
        }
        #expect(Set(printed.compactMap { $0["sequence"] as? Int }).count == log.count, "every event stored was printed once")

        let bulk = try Self.object(vault.ok(["append", "--jsonl", "-", "--json"], stdin: "{\"kind\":\"mood.rated\",\"start\":\"2026-03-03T08:00:00Z\",\"payload\":{\"rating\":4}}\n"))
        #expect(bulk["input"] as? String == "-" && bulk["stored"] as? Int == 1 && bulk["alreadyStored"] as? Int == 0, "\(bulk)")
        let both = try vault.run(["append", "--jsonl", "-", "--ack", "--json"], stdin: "")
        #expect(both.status == 64 && both.stderr.contains("choose one of --ack and --json") && both.stdout.isEmpty, "\(both)")
    }

    @Test func sessionsAndTheirCard() throws {
        let vault = try CLIVault()
        let started = try Self.object(vault.ok(["session", "start", "--note", "before work", "--json"]))
        let session = try #require(started["id"] as? String)
        #expect(started["session"] as? String == session && started["kind"] as? String == "activity.started", "\(started)")
        let symptom = try Self.object(vault.ok(["session", "add", "Headache", "--severity", "2", "--json"]))
        #expect(symptom["session"] as? String == session && symptom["predefined"] as? Bool == true && symptom["kind"] as? String == "symptom.reported", "\(symptom)")
        let ended = try Self.object(vault.ok(["session", "end", "--json"]))
        #expect(ended["session"] as? String == session && ended["kind"] as? String == "activity.stopped", "\(ended)")
        let logged = try vault.rawEvents().map { $0["id"] as? String }
        #expect(logged == [session, symptom["id"] as? String, ended["id"] as? String], "\(logged)")

        let file = vault.root + "/card.svg"
        let card = try Self.object(vault.ok(["card", String(session.prefix(8)), "--out", file, "--json"]))
        #expect(card["id"] as? String == session && card["file"] as? String == file && card["open"] as? Bool == false, "\(card)")
        let symptoms = try #require(card["symptoms"] as? [[String: Any]])
        #expect(symptoms.count == 1 && symptoms.first?["name"] as? String == "Headache" && symptoms.first?["severity"] as? Int == 2, "\(card)")
        #expect(FileManager.default.fileExists(atPath: file))
    }

    @Test func modelTargetsTokensAndStudyKeys() throws {
        let vault = try CLIVault()
        let added = try Self.object(vault.ok(["models", "targets", "add", "mindful_minutes", "--json"]))
        #expect(added["changed"] as? Bool == true && added["kind"] as? String == "setting.changed", "\(added)")
        #expect(added["targets"] as? [String] == ["sleep-score", "hrv", "resting-hr", "mindful_minutes"], "\(added)")
        let same = try Self.object(vault.ok(["models", "targets", "add", "mindful_minutes", "--json"]))
        #expect(same["changed"] as? Bool == false && same["id"] == nil && (same["targets"] as? [String])?.count == 4, "\(same)")
        let removed = try Self.object(vault.ok(["models", "targets", "remove", "hrv", "--json"]))
        #expect(removed["targets"] as? [String] == ["sleep-score", "resting-hr", "mindful_minutes"], "\(removed)")
        #expect(try vault.rawEvents().map { $0["id"] as? String } == [added["id"] as? String, removed["id"] as? String])

        let token = try Self.object(vault.ok(["ingest", "token", "add", "Phone", "--json"]))
        let revoked = try Self.object(vault.ok(["ingest", "token", "revoke", "Phone", "--json"]))
        #expect(revoked["id"] as? String == token["id"] as? String && revoked["name"] as? String == "Phone" && revoked["revoked"] is String, "\(revoked)")
        let listed = try Self.objects(vault.ok(["ingest", "token", "list", "--all", "--json"]))
        #expect(listed.count == 1 && NSDictionary(dictionary: listed[0]).isEqual(to: revoked), "list and revoke print a token alike: \(listed)")

        let studyKey = vault.root + "/study.key"
        let made = try Self.object(CLI.run(["cohort", "keygen", studyKey, "--json"]).stdout)
        #expect(made["file"] as? String == studyKey && FileManager.default.fileExists(atPath: studyKey), "\(made)")
    }

    @Test func vaultKeysAndSecrets() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-json-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let vault = root + "/vault", passphrase = root + "/passphrase", newPassphrase = root + "/new-passphrase", recoveryFile = root + "/recovery"
        try writeSecret("json test passphrase\n", toFile: passphrase)
        try writeSecret("another json passphrase\n", toFile: newPassphrase)

        let created = try CLI.run(["init", "--vault", vault, "--passphrase-file", passphrase, "--kdf", "interactive", "--json"])
        #expect(created.status == 0, "\(created.stderr)")
        let initialized = try Self.object(created.stdout)
        let header = try String(contentsOfFile: vault + "/vault.json", encoding: .utf8)
        let vaultID = try #require(initialized["vaultID"] as? String)
        #expect(initialized["vault"] as? String == vault && header.contains("\"\(vaultID)\""), "\(initialized)")
        let recoveryCode = try #require(initialized["recoveryCode"] as? String)
        // The code printed is the one that opens the vault.
        try writeSecret(recoveryCode + "\n", toFile: recoveryFile)
        let changed = try CLI.run(["passwd", "--vault", vault, "--recovery-code-file", recoveryFile, "--new-passphrase-file", newPassphrase, "--json"])
        #expect(changed.status == 0, "\(changed.stderr)")
        let passwd = try Self.object(changed.stdout)
        #expect(passwd["vault"] as? String == vault && passwd["changed"] as? String == "passphrase", "\(passwd)")
        let kdf = try #require(passwd["kdf"] as? [String: Any]), previous = try #require(passwd["previousKDF"] as? [String: Any])
        #expect((kdf["memLimit"] as? Int ?? 0) > (previous["memLimit"] as? Int ?? .max), "an interactive slot is raised to moderate: \(passwd)")

        let unlocked = try CLI.run(["unlock", "--ttl", "2m", "--vault", vault, "--passphrase-file", newPassphrase, "--json"])
        #expect(unlocked.status == 0, "\(unlocked.stderr)")
        defer { _ = try? CLI.run(["lock", "--vault", vault]) }
        let unlock = try Self.object(unlocked.stdout)
        let expires = try #require((unlock["expires"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }, "\(unlock)")
        #expect(unlock["ttlSeconds"] as? Int == 120 && abs(expires.timeIntervalSinceNow - 120) < 30, "\(unlock)")
        let locked = try Self.object(CLI.run(["lock", "--vault", vault, "--json"]).stdout)
        #expect(locked["vault"] as? String == vault && locked["wasUnlocked"] as? Bool == true, "\(locked)")
        let again = try Self.object(CLI.run(["lock", "--vault", vault, "--json"]).stdout)
        #expect(again["wasUnlocked"] as? Bool == false, "\(again)")

        let keyFile = root + "/key.txt"
        let keygen = try CLI.run(["keygen", "--out", keyFile, "--json"])
        let key = try Self.object(keygen.stdout)
        let identity = try String(contentsOfFile: keyFile, encoding: .utf8)
        let publicKey = try #require(key["publicKey"] as? String)
        #expect(publicKey.hasPrefix("age1") && identity.contains("# public key: \(publicKey)\n") && key["file"] as? String == keyFile, "\(key)")
        #expect(key["secretKey"] == nil && !keygen.stdout.contains("AGE-SECRET-KEY") && keygen.stderr.isEmpty, "the secret stays in the file")
        let printed = try Self.object(CLI.run(["keygen", "--json"]).stdout)
        #expect((printed["secretKey"] as? String)?.hasPrefix("AGE-SECRET-KEY-1") == true && (printed["publicKey"] as? String)?.hasPrefix("age1") == true, "\(printed)")
    }

    @Test func theDemoSaysWhatItMade() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-json-demo-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try CLI.run(["demo", "--vault", root, "--days", "3", "--until", "2026-03-31", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let demo = try Self.object(result.stdout)
        #expect(demo["vault"] as? String == root && demo["firstDay"] as? String == "2026-03-29" && demo["lastDay"] as? String == "2026-03-31", "\(demo)")
        let audit = try #require(demo["audit"] as? [String: Any])
        let appended = try #require(demo["appended"] as? Int)
        let kinds = try #require(demo["kinds"] as? [String: Int])
        #expect(kinds.values.reduce(0, +) == appended, "\(kinds) add up to \(appended)")
        let passphrase = root + ".passphrase"
        try writeSecret(try #require(demo["passphrase"] as? String) + "\n", toFile: passphrase)
        defer { try? FileManager.default.removeItem(atPath: passphrase) }
        let logged = try CLI.run(["log", "--raw", "--json", "--vault", root, "--passphrase-file", passphrase])
        let events = try Self.objects(logged.stdout)
        #expect(events.count == appended + 2, "the history and the demo's correction and retraction")
        #expect(audit["clean"] as? Bool == true && audit["checkpointSize"] as? Int == events.count, "\(audit)")
        let corrected = try #require(demo["corrected"] as? [String: Any])
        #expect(events.contains { $0["kind"] as? String == "event.corrected" && $0["causation"] as? String == corrected["id"] as? String }, "\(corrected)")
    }
}
