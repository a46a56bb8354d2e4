import Foundation
import Glibc
import LedgerCore
import LedgerCrypto
import Testing
import TestSupport

/// Issue 42, part 2: `ingest serve` takes the app's posts with a device's token, stores each
/// whole and once, and refuses everything else with a JSON answer that names why.
@Suite struct IngestListenerTests {
    static let morning = HealthAutoExportImportTests.morning
    static let later = HealthAutoExportImportTests.later

    static func addToken(_ vault: CLIVault, _ name: String) throws -> String {
        let added = try vault.ok(["ingest", "token", "add", name, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(added.utf8)) as? [String: Any])
        return try #require(object["token"] as? String)
    }

    /// The events stored, by kind.
    static func kinds(_ vault: CLIVault) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for event in try vault.rawEvents() { counts[event["kind"] as? String ?? "", default: 0] += 1 }
        return counts
    }

    /// Health data stored: every event but the listener's tokens and deliveries.
    static func readings(_ vault: CLIVault) throws -> Int {
        try kinds(vault).filter { !["ingestToken.added", "ingestToken.revoked", "delivery.received"].contains($0.key) }.values.reduce(0, +)
    }

    @Test func withoutATokenInForceEveryRequestIsRefusedAndABadFieldIsNamedWithNothingStored() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        #expect(listener.output.contains("(this computer only)"), "\(listener.output)")

        let none = try listener.post(Self.morning, token: nil)
        #expect(none.status == 401)
        #expect((none.json["error"] as? String)?.contains("Authorization: Bearer TOKEN") == true, "\(none.body)")
        #expect(try listener.post(Self.morning, token: "hl_" + String(repeating: "A", count: 43)).status == 401)
        #expect(try listener.post(Self.morning, token: token.uppercased()).status == 401)
        #expect(try listener.get("/").status == 405)
        #expect(try listener.get("/api/health").status == 405)
        #expect(try listener.get("/log").status == 404)
        #expect(try listener.post(Self.morning, token: token, path: "/events").status == 404)
        #expect(try Self.readings(vault) == 0)

        // The second point's date has no offset: the whole request is refused, its good first point too.
        let bad = #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": [{"date": "2024-03-10 08:00:00 +0800", "qty": 3}, {"date": "2024-03-10 09:00:00", "qty": 4}]}]}}"#
        let refused = try listener.post(bad, token: token)
        #expect(refused.status == 400)
        #expect(refused.json["field"] as? String == "data.metrics[0].data[1].date", "\(refused.body)")
        #expect((refused.json["error"] as? String)?.contains("has no UTC offset") == true, "\(refused.body)")
        #expect((refused.json["error"] as? String)?.contains("nothing of this request was stored") == true, "\(refused.body)")
        let notJSON = try listener.post("{\"data\": ", token: token)
        #expect(notJSON.status == 400)
        #expect((notJSON.json["error"] as? String)?.contains("not JSON") == true, "\(notJSON.body)")
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(try listener.post("{\"data\": {\"metrics\": \(deep)}}", token: token).status == 400)
        #expect(try Self.readings(vault) == 0)

        // Revoked from another terminal while the listener runs: refused from the next request.
        #expect(try listener.post(Self.morning, token: token, path: "/api/health").status == 200)
        try vault.ok(["ingest", "token", "revoke", "Alex’s iPhone"])
        let revoked = try listener.post(Self.later, token: token)
        #expect(revoked.status == 401)
        #expect((revoked.json["error"] as? String)?.contains("unknown or revoked") == true, "\(revoked.body)")
        #expect(try Self.readings(vault) == 4)
        #expect(listener.stop() == 0)
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aBodyPastTheLimitIs413AndStoresNothing() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault, arguments: ["--max-body", "1"])
        // Valid JSON, padded past 1 MiB: refused for its size alone.
        let padded = Self.morning + String(repeating: " ", count: 1 << 20)
        let answer = try listener.post(padded, token: token)
        #expect(answer.status == 413)
        #expect((answer.json["error"] as? String)?.contains("more than the 1 MiB") == true, "\(answer.body)")
        // Without a Content-Length (chunked), the body is read up to the limit and refused there.
        let chunk = Array(padded.utf8)
        let chunked = Array("POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\nTransfer-Encoding: chunked\r\n\r\n\(String(chunk.count, radix: 16))\r\n".utf8)
            + chunk + Array("\r\n0\r\n\r\n".utf8)
        let streamed = try LoopbackHTTP.exchange(port: listener.port, request: chunked)
        #expect(streamed.hasPrefix("HTTP/1.1 413"), "\(streamed.prefix(300))")
        #expect(try listener.post(Self.morning, token: token).status == 200)
        #expect(try Self.readings(vault) == 4)
    }

    @Test func aRetryStoresNothingTwiceAndOverlappingWindowsStoreTheirUnion() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        let first = try listener.post(Self.morning, token: token)
        #expect(first.status == 200)
        #expect(first.json["stored"] as? Int == 4)
        #expect(first.json["readings"] as? Int == 4)
        #expect(first.json["unmapped"] as? Int == 1)
        let retry = try listener.post(Self.morning, token: token)
        #expect(retry.json["stored"] as? Int == 0)
        #expect(retry.json["alreadyStored"] as? Int == 4)
        // The next window re-sends 09:00 with the hour finished and adds 10:00.
        let next = try listener.post(Self.later, token: token)
        #expect(next.json["stored"] as? Int == 2)
        #expect(next.json["alreadyStored"] as? Int == 0)
        #expect(next.json["notImported"] as? [String] == [])
        #expect(listener.stop() == 0)

        let kinds = try Self.kinds(vault)
        #expect(kinds["event.corrected"] == 1)
        #expect(kinds["delivery.received"] == 3)
        #expect(try Self.readings(vault) == 6)
        let day = try #require(try JSONSerialization.jsonObject(with: Data(vault.ok(["daily", "--from", "2024-03-10", "--to", "2024-03-10", "--json"]).utf8)) as? [String: Any])
        let metrics = try #require(day["metrics"] as? [String: Double])
        #expect(metrics["step_count"] == 2_200, "400 + 1,500 (09:00 corrected) + 300")

        let sources = try vault.ok(["sources", "--json"]).split(separator: "\n")
        #expect(sources.count == 1)
        let source = try #require(try JSONSerialization.jsonObject(with: Data(sources[0].utf8)) as? [String: Any])
        #expect(source["name"] as? String == "Alex’s iPhone")
        #expect(source["deliveries"] as? Int == 3)
        #expect(source["readings"] as? Int == 10)
        #expect(source["stored"] as? Int == 6)
        #expect(source["lastApps"] as? [String: Int] == ["Alex’s Apple Watch": 2])
        let text = try vault.ok(["sources"])
        #expect(text.contains("device Alex’s iPhone (token "), "\(text)")
        #expect(text.contains(": 2 readings (2 from Alex’s Apple Watch)"), "\(text)")
        #expect(text.contains("3 deliveries: 10 readings, 6 new to the ledger"), "\(text)")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func anArrayThisVersionDoesNotReadIsKeptAndWhatCannotBeIsNamedInTheAnswer() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "Alex’s iPhone")
        let listener = try IngestListener(vault: vault)
        let withNotification = Self.morning.replacingOccurrences(
            of: "]}}", with: "], \"heartRateNotifications\": [{\"start\": \"2024-03-10 09:00:00 +0100\"}], \"futureArray\": [\"text\"], \"futureObject\": {\"a\": 1}}}")
        let answer = try listener.post(withNotification, token: token)
        #expect(answer.status == 200)
        // The morning's handwashing point and the notification: each kept under its own name.
        #expect(answer.json["stored"] as? Int == 5 && answer.json["unmapped"] as? Int == 2, "\(answer.json)")
        #expect(answer.json["notImported"] as? [String] == [
            "data.futureArray: an entry not stored: an entry of an array this version does not read is kept only as an object with a start or date written with its UTC offset",
            "data.futureObject: not stored: a field of data that is not a list (the app sends every kind of reading as a list), which this version does not read",
        ], "\(answer.json)")
        #expect(listener.stop() == 0)
    }

    @Test func aBodySlowerThanTheLimitIs408AndStoresNothing() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault, arguments: ["--body-seconds", "2"])
        // Headers and half the body, then nothing more: the connection stays open, waiting.
        let body = Array(Self.morning.utf8)
        let head = "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nAuthorization: Bearer \(token)\r\nContent-Length: \(body.count)\r\n\r\n"
        let started = Date()
        let answer = try LoopbackHTTP.exchange(port: listener.port, request: Array(head.utf8) + body.prefix(body.count / 2))
        let waited = Date().timeIntervalSince(started)
        #expect(answer.hasPrefix("HTTP/1.1 408"), "\(answer.prefix(300))")
        #expect(answer.contains("took longer than 2 s to arrive; nothing was stored"), "\(answer)")
        #expect(waited >= 2 && waited < 30, "answered after \(waited) s")
        #expect(try Self.readings(vault) == 0)
        #expect(try Self.kinds(vault)["delivery.received"] == nil)
        // The listener goes on: the whole body, sent at once, is stored.
        #expect(try listener.post(Self.morning, token: token).status == 200)
        #expect(try Self.readings(vault) == 4)
        #expect(try vault.run(["ingest", "serve", "--body-seconds", "0"]).status != 0)
    }

    @Test func aCutConnectionStoresNothingAndTheListenerGoesOn() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault)
        // What arrives before the cut is a whole JSON document: only the missing bytes tell it is not the request.
        let body = Array((Self.morning + String(repeating: " ", count: 4_096)).utf8)
        _ = try listener.exchange("POST / HTTP/1.1", headers: ["Authorization: Bearer \(token)"], body: body, sentBytes: Self.morning.utf8.count + 100)
        Thread.sleep(forTimeInterval: 1)
        #expect(try Self.readings(vault) == 0)
        #expect(try Self.kinds(vault)["delivery.received"] == nil)
        #expect(try listener.post(Self.later, token: token).status == 200)
        #expect(try Self.readings(vault) == 2)
    }

    @Test func whatWasAcknowledgedSurvivesAKilledListener() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault)
        #expect(try listener.post(Self.morning, token: token).json["stored"] as? Int == 4)
        kill(listener.process.pid, SIGKILL)
        #expect(listener.process.wait() == 128 + SIGKILL)
        #expect(try Self.readings(vault) == 4)
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test func aTokenPastItsRateIsAnswered429() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault, arguments: ["--rate", "2"])
        #expect(try listener.post(Self.morning, token: token).status == 200)
        #expect(try listener.post(Self.morning, token: token).status == 200)
        let third = try listener.post(Self.later, token: token)
        #expect(third.status == 429)
        #expect((third.json["error"] as? String)?.contains("more than 2 requests in a minute") == true, "\(third.body)")
        #expect(try Self.readings(vault) == 4)
    }

    @Test func aTokenIsShownOnceAndOnlyItsHashIsStored() throws {
        let vault = try CLIVault()
        let shown = try vault.ok(["ingest", "token", "add", "Alex’s iPhone"])
        let secret = try #require(shown.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("hl_") })
        #expect(secret.count == 46, "hl_ and 32 bytes in base64url: \(secret)")
        let list = try vault.ok(["ingest", "token", "list"])
        #expect(list.contains("Alex’s iPhone"))
        #expect(!list.contains(secret))
        let log = try vault.ok(["log", "--raw", "--json"])
        #expect(!log.contains(secret))
        #expect(log.contains(Hex.encode(Hashing.sha256(Array(secret.utf8)))), "the hash is what the vault keeps")

        let again = try vault.run(["ingest", "token", "add", "Alex’s iPhone"])
        #expect(again.status == 65)
        #expect(again.stderr.contains("a token named 'Alex’s iPhone' is in force already"), "\(again.stderr)")
        #expect(try vault.run(["ingest", "token", "add", " "]).status == 65)
        let unknown = try vault.run(["ingest", "token", "revoke", "nobody"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("no token in force is named 'nobody'"), "\(unknown.stderr)")

        let listed = try #require(try JSONSerialization.jsonObject(with: Data(vault.ok(["ingest", "token", "list", "--json"]).utf8)) as? [String: Any])
        let id = try #require(listed["id"] as? String)
        #expect(try vault.ok(["ingest", "token", "revoke", id]).contains("revoked \(id)"))
        #expect(try vault.ok(["ingest", "token", "list", "--json"]).isEmpty)
        let all = try #require(try JSONSerialization.jsonObject(with: Data(vault.ok(["ingest", "token", "list", "--all", "--json"]).utf8)) as? [String: Any])
        #expect(all["revoked"] is String)
        // The name is free again once its token is revoked.
        #expect(try vault.run(["ingest", "token", "add", "Alex’s iPhone"]).status == 0)
    }

    @Test func amendmentsOfTokenEventsOnlyTakeAccessAway() throws {
        let vault = try CLIVault()
        let kept = try Self.addToken(vault, "kept")
        let retracted = try Self.addToken(vault, "retracted")
        let revoked = try Self.addToken(vault, "revoked")
        try vault.ok(["ingest", "token", "revoke", "revoked"])
        let events = try vault.rawEvents()
        func number(_ kind: String, _ position: Int) throws -> String {
            let matching = events.enumerated().filter { $0.element["kind"] as? String == kind }
            return "#\(matching[position].offset)"
        }
        // A correction cannot swap in a hash whose token someone else knows.
        let known = "hl_" + String(repeating: "k", count: 43)
        try vault.ok(["correct", number("ingestToken.added", 0), "hash=\(Hex.encode(Hashing.sha256(Array(known.utf8))))"])
        try vault.ok(["retract", number("ingestToken.added", 1)])
        try vault.ok(["retract", number("ingestToken.revoked", 0)])
        let listener = try IngestListener(vault: vault)
        #expect(try listener.post(Self.later, token: known).status == 401)
        #expect(try listener.post(Self.later, token: kept).status == 200, "the token as it was added")
        #expect(try listener.post(Self.later, token: retracted).status == 401)
        #expect(try listener.post(Self.later, token: revoked).status == 401)
        #expect(try vault.ok(["ingest", "token", "list"]).split(separator: "\n").count == 1)
    }

    /// `count` minutes of steps from 2024-03-10 00:00 at +0800, then `tail` (another point, written as given).
    static func minutes(_ count: Int, tail: String = "") -> String {
        var points: [String] = []
        for minute in 0..<count {
            let day: Int = 10 + minute / 1440, hour: Int = minute / 60 % 24, steps: Int = minute % 97
            points.append(String(format: #"{"date": "2024-03-%02d %02d:%02d:00 +0800", "qty": %d}"#, day, hour, minute % 60, steps))
        }
        if !tail.isEmpty { points.append(tail) }
        let data: String = points.joined(separator: ", ")
        return #"{"data": {"metrics": [{"name": "step_count", "units": "count", "data": ["# + data + "]}]}}"
    }

    @Test func aRequestOfMoreReadingsThanASliceIsStoredWholeOnceAndABadLastPointStoresNone() throws {
        let vault = try CLIVault()
        let token = try Self.addToken(vault, "phone")
        let listener = try IngestListener(vault: vault)
        // The bad point comes after more than a slice (10,000 events) was made and sealed.
        let bad = try listener.post(Self.minutes(10_500, tail: #"{"date": "2024-03-20 08:00:00", "qty": 1}"#), token: token)
        #expect(bad.status == 400)
        #expect(bad.json["field"] as? String == "data.metrics[0].data[10500].date", "\(bad.body)")
        #expect(try Self.readings(vault) == 0)
        #expect(try Self.kinds(vault)["delivery.received"] == nil)

        let whole = try listener.post(Self.minutes(12_000), token: token)
        #expect(whole.status == 200)
        #expect(whole.json["stored"] as? Int == 12_000, "\(whole.body)")
        let retry = try listener.post(Self.minutes(12_000), token: token)
        #expect(retry.json["stored"] as? Int == 0 && retry.json["alreadyStored"] as? Int == 12_000, "\(retry.body)")
        #expect(listener.stop() == 0)
        #expect(try Self.readings(vault) == 12_000)
        // One commit: every event of the request carries the one commit time.
        let stored = try vault.rawEvents().filter { !["ingestToken.added"].contains($0["kind"] as? String) }
        #expect(stored.count == 12_000 + 2)
        #expect(Set(stored.prefix(12_001).compactMap { $0["recordedAt"] as? String }).count == 1, "\(stored.first ?? [:])")
        #expect(try vault.run(["audit"]).status == 0)
    }

    @Test(arguments: ["8788", "127.0.0.1", "127.0.0.1:0", "127.0.0.1:70000", "::1:8788"])
    func anAddressThatIsNotHostAndPortIsRefused(_ address: String) throws {
        let vault = try CLIVault()
        let result = try vault.run(["ingest", "serve", "--listen", address])
        #expect(result.status == 65, "\(address): \(result.stderr)")
        #expect(result.stderr.contains("--listen \(address): give HOST:PORT"), "\(result.stderr)")
    }
}
