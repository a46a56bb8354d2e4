import Foundation
import Testing
import TestSupport

/// Measuring, sessions, history and cards from the terminal, the way a person uses them.
@Suite struct VitalsCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("VitalsTests/Fixtures/Vitals").path

    static func fixture(_ name: String) -> String { "\(fixtures)/\(name).csv" }

    static func json(_ line: some StringProtocol) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    @Test func aSessionFromStartToCard() throws {
        let vault = try CLIVault()
        let started = try vault.ok(["session", "start", "--note", "before work"])
        let id = try #require(started.split(separator: " ").dropFirst().first.map(String.init))
        let heart = try Self.json(vault.ok(["measure", "heart-rate", Self.fixture("ppg-camera-72bpm"), "--session", id, "--json"]))
        #expect(abs((heart["rate"] as! Double) - 72) <= 3)
        #expect(heart["reliable"] as? Bool == true)
        let accelerometer = try String(contentsOfFile: Self.fixture("accel-chest-16rpm"), encoding: .utf8)
        let breathing = try vault.ok(["measure", "breathing", "-"], stdin: accelerometer)
        #expect(breathing.contains("in session \(id)"), "the open session is the default")
        #expect(breathing.contains("breathing rate: 15 breaths/min"))
        let apart = try Self.json(vault.ok(["measure", "heart-rate", Self.fixture("ppg-camera-95bpm"), "--no-session", "--json"]))
        #expect(apart["session"] == nil)
        #expect(try vault.ok(["session", "add", "shortness of breath", "--severity", "moderate"]).contains("Shortness of Breath moderate"))
        try vault.ok(["session", "add", "Itchy eyes", "--severity", "1"])
        try vault.ok(["session", "end"])

        let sessions = try vault.ok(["history", "--json"]).split(separator: "\n").map(Self.json)
        #expect(sessions.count == 1)
        let session = sessions[0]
        #expect((session["id"] as! String).hasPrefix(id))
        #expect(session["open"] as? Bool == false)
        #expect((session["readings"] as! [[String: Any]]).map { $0["measure"] as! String } == ["heart rate", "breathing rate"])
        #expect((session["symptoms"] as! [[String: Any]]).map { $0["name"] as! String } == ["Shortness of Breath", "Itchy eyes"])
        #expect(try vault.ok(["history"]).hasPrefix("\(id)  "))
        #expect(try vault.ok(["history", "show", id]).contains("symptom: Itchy eyes, mild"))
        #expect(try vault.ok(["session", "symptoms"]).hasSuffix("Feeling Tired\nItchy eyes\n"))

        let card = vault.root + "/card.svg"
        try vault.ok(["card", id, "--out", card])
        let svg = try String(contentsOfFile: card, encoding: .utf8)
        #expect(svg.contains(">\(Int((heart["rate"] as! Double).rounded()))</text>"))
        #expect(svg.contains(">Shortness of Breath</text>"))
    }

    @Test func aPNGCardWhenRsvgConvertIsThereAndAClearErrorWhenNot() throws {
        let vault = try CLIVault()
        let id = try #require(try vault.ok(["session", "start"]).split(separator: " ").dropFirst().first.map(String.init))
        let png = vault.root + "/card.png"
        let withoutTools = try CLI.run(["card", id, "--out", png, "--vault", vault.path, "--passphrase-file", vault.passphraseFile], environment: ["PATH": "/nonexistent"])
        #expect(withoutTools.status == 74)
        #expect(withoutTools.stderr.contains("apt-get install librsvg2-bin"))
        #expect(FileManager.default.fileExists(atPath: vault.root + "/card.svg"))
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else { return }
        try vault.ok(["card", id, "--out", png])
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: png)).read(upToCount: 8)
        #expect(header == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func aPNGCardNeverReplacesOrDeletesAnSVGOfTheSameName() throws {
        let vault = try CLIVault()
        let id = try #require(try vault.ok(["session", "start"]).split(separator: " ").dropFirst().first.map(String.init))
        let png = vault.root + "/holiday.png", svg = vault.root + "/holiday.svg"
        try "<svg>the person's own drawing</svg>".write(toFile: svg, atomically: true, encoding: .utf8)
        let withoutTools = try CLI.run(["card", id, "--out", png, "--vault", vault.path, "--passphrase-file", vault.passphraseFile], environment: ["PATH": "/nonexistent"])
        #expect(withoutTools.status == 74)
        #expect(withoutTools.stderr.contains("\(svg) already exists"), "\(withoutTools.stderr)")
        #expect(try String(contentsOfFile: svg, encoding: .utf8) == "<svg>the person's own drawing</svg>")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/rsvg-convert") else { return }
        try vault.ok(["card", id, "--out", png])
        #expect(try FileHandle(forReadingFrom: URL(fileURLWithPath: png)).read(upToCount: 4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(try String(contentsOfFile: svg, encoding: .utf8) == "<svg>the person's own drawing</svg>", "neither replaced nor deleted")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vault.root).filter { $0.hasSuffix(".svg") } == ["holiday.svg"], "no hidden SVG left behind")
    }

    @Test func anUnreliableRecordingIsStoredAndSaysWhy() throws {
        let vault = try CLIVault()
        let output = try vault.ok(["measure", "heart-rate", Self.fixture("ppg-camera-short")])
        #expect(output.contains("heart rate: unreliable: the recording lasts 6.0 s but at least 10.0 s are needed"))
        let event = try #require(vault.rawEvents().first)
        #expect(event["end"] != nil, "a recording's end is its start plus its length")
        let reading = try Self.json(vault.ok(["vitals", "--json"]))
        #expect(reading["reliable"] as? Bool == false)
        #expect(reading["reason"] as? String == "too-short")
        #expect(reading["rate"] == nil)
        // The listing starts each reading with the short id `show` and `retract` take.
        let short = String(try #require(event["id"] as? String).prefix(8))
        let listed = try vault.ok(["vitals"])
        #expect(listed.hasPrefix("\(short)  "), "\(listed)")
        #expect(try vault.ok(["show", short]).contains("vital.measured"))
    }

    @Test func badInputGetsItsOwnExitCode() throws {
        let vault = try CLIVault()
        let missing = try vault.run(["measure", "heart-rate", vault.root + "/nowhere.csv"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("nowhere.csv: no such file"))
        let bare = try vault.run(["measure", "heart-rate", "-"], stdin: "200\n201\n")
        #expect(bare.status == 65)
        #expect(bare.stderr.contains("--rate"))
        let unknown = try vault.run(["session", "add", "Cough", "--session", "ffff"])
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("no session id starts with 'ffff'"))
        let noneOpen = try vault.run(["session", "end"])
        #expect(noneOpen.status == 65)
        #expect(noneOpen.stderr.contains("no session is open"))
    }

    @Test func theOlderAlgorithmCanBeAskedFor() throws {
        let vault = try CLIVault()
        try vault.ok(["measure", "heart-rate", Self.fixture("ppg-camera-nofinger")])
        let current = try Self.json(vault.ok(["vitals", "--json"]))
        let old = try Self.json(vault.ok(["vitals", "--json", "--algorithm", "1"]))
        #expect(current["reliable"] as? Bool == false)
        #expect(old["algorithm"] as? Int == 1)
        #expect(old["reliable"] as? Bool == true, "v1 always answers, which is why v2 replaced it")
    }
}
