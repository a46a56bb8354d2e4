import Foundation
import Testing
import TestSupport

/// `append face`, `models` and `sleep-score` run as a person would.
@Suite struct FaceModelsCLITests {
    static let features = [
        "eyeOpennessLeft", "eyeOpennessRight", "eyeBlinkLeft", "eyeBlinkRight", "browRaiseLeft", "browRaiseRight", "browFurrow",
        "mouthOpen", "mouthSmileLeft", "mouthSmileRight", "mouthPucker", "jawOpen", "cheekPuffLeft", "cheekPuffRight", "noseWrinkle",
        "headPitch", "headYaw", "headRoll", "faceWidth", "faceHeight", "eyeDistance", "noseMouthDistance", "mouthWidth", "faceCenterX",
    ]

    /// ShareHealth's metrics JSON for a capture whose eye openness follows `level`.
    static func metricsFile(in vault: CLIVault, day: Int, level: Double) throws -> String {
        let values = features.enumerated().map { index, name -> String in
            let value = name == "eyeOpennessLeft" ? 0.4 + level / 200 : 0.3 + 0.05 * sin(Double(index) * 1.3 + Double(day))
            return "\"\(name)\": \(value)"
        }
        let json = """
            {"timestamp": "2026-03-\(String(format: "%02d", day))T08:00:00Z", "mediaPipeFeatures": {\(values.joined(separator: ", "))},
             "healthIndicators": {"alertnessScore": 70, "tensionScore": 20, "smileScore": 50, "facialSymmetry": 90},
             "metadata": {"imageWidth": 1080, "imageHeight": 1920, "faceConfidence": 0.97, "landmarkCount": 468}}
            """
        let path = vault.root + "/Face-\(day).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static func hrv(day: Int, _ value: Double) -> String {
        #"{"kind":"sample.recorded","start":"2026-03-\#(String(format: "%02d", day))T03:00:00Z","utcOffset":0,"payload":{"type":"HKQuantityTypeIdentifierHeartRateVariabilitySDNN","value":\#(value),"unit":"ms"}}"#
    }

    static func json(_ line: some StringProtocol) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
    }

    static let levels: [Double] = [32, 55, 41, 60, 38, 47, 52, 35, 44, 58]

    @Test func modelsTrainFromAppendedFacesThenShowPlotAndPredict() throws {
        let vault = try CLIVault()
        for (offset, level) in Self.levels.enumerated() {
            try vault.ok(["append", "face", "--metrics", try Self.metricsFile(in: vault, day: offset + 1, level: level)])
        }
        // Only three nights have HRV yet: the model waits for seven pairs.
        try vault.ok(["append", "--jsonl", "-"], stdin: (1...3).map { Self.hrv(day: $0, Self.levels[$0 - 1]) }.joined(separator: "\n"))
        let early = try vault.ok(["models"])
        #expect(early.contains("insufficient data: 3 of 7 paired captures (7 captures on days without hrv)"))

        try vault.ok(["append", "--jsonl", "-"], stdin: (4...10).map { Self.hrv(day: $0, Self.levels[$0 - 1]) }.joined(separator: "\n"))
        let rows = try vault.ok(["models", "--json"]).split(separator: "\n").map(Self.json)
        let hrv = try #require(rows.first { $0["target"] as? String == "hrv" })
        #expect(hrv["status"] as? String == "trained" && hrv["n"] as? Int == 10)
        #expect((hrv["r"] as! Double) > 0.9)
        #expect(rows.first { $0["target"] as? String == "sleep-score" }?["paired"] as? Int == 0)

        let plot = vault.root + "/hrv.svg"
        let shown = try Self.json(try vault.ok(["models", "show", "hrv", "--plot", plot, "--json"]))
        let samples = try #require(shown["samples"] as? [[String: Any]])
        #expect(samples.map { $0["date"] as! String } == (1...10).map { "2026-03-\(String(format: "%02d", $0))" })
        #expect((shown["importance"] as! [[String: Any]])[0]["feature"] as? String == "eyeOpennessLeft")
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        #expect(svg.hasPrefix("<svg") && svg.contains("stroke-dasharray") && svg.components(separatedBy: "<circle").count > 20)
        // Tick values under both x axes (the frames end at y 370) and left of both y axes.
        let xTicks = svg.split(separator: "\n").filter { $0.contains(#"y="386.00" font-size="10.00" text-anchor="middle""#) }
        #expect(xTicks.filter { Double($0.split(separator: ">")[1].split(separator: "<")[0]) != nil }.count >= 3, "the scatter's x axis has values")
        #expect(xTicks.filter { $0.contains(">2026-03-") }.count >= 3, "the error plot's x axis has dates")
        #expect(svg.components(separatedBy: #"font-size="10.00" text-anchor="end""#).count - 1 >= 6, "both y axes have values")

        let fixed = try Self.json(try vault.ok(["models", "show", "hrv", "--alpha", "1", "--json"]))
        #expect((fixed["samples"] as! [[String: Any]]).allSatisfy { $0["alpha"] as? Double == 1 })

        let predicted = try vault.ok(["models", "predict", "--face", try Self.metricsFile(in: vault, day: 20, level: 50), "--json"])
            .split(separator: "\n").map(Self.json).first { $0["target"] as? String == "hrv" }
        let value = try #require(predicted?["prediction"] as? Double)
        #expect(abs(value - 50) < 5, "a face like the 47–52 days predicts about 50 ms, not \(value)")
        #expect((predicted?["typicalError"] as? Double ?? 99) < 5)
    }

    @Test func targetsAreSettingsAndUnknownOnesAreRefused() throws {
        let vault = try CLIVault()
        try vault.ok(["models", "targets", "add", "mindful_minutes"])
        #expect(try vault.ok(["models", "targets"]).contains("mindful_minutes"))
        let bogus = try vault.run(["models", "targets", "add", "happiness"])
        #expect(bogus.status == 65 && bogus.stderr.contains("'happiness' is not a target"))
        try vault.ok(["models", "targets", "remove", "resting-hr"])
        let names = try vault.ok(["models", "targets", "--json"]).split(separator: "\n").map { try Self.json($0)["target"] as! String }
        #expect(names == ["sleep-score", "hrv", "mindful_minutes"])
        #expect(try vault.run(["models", "show", "happiness"]).status == 65)
    }

    @Test func appendFaceReadsLandmarksAndRefusesBadInput() throws {
        let vault = try CLIVault()
        let points = (0..<478).map { index in "[\(0.3 + Double(index % 40) * 0.01), \(0.2 + Double(index / 40) * 0.05), 0.0]" }
        let mesh = vault.root + "/mesh.json"
        try #"{"landmarks": [\#(points.joined(separator: ","))], "faceBlendshapes": [{"categories": [{"categoryName": "eyeBlinkLeft", "score": 0.25}]}]}"#
            .write(toFile: mesh, atomically: true, encoding: .utf8)
        try vault.ok(["append", "face", "--landmarks", mesh, "--at", "2026-03-05T08:00:00Z"])
        let payload = try #require(try vault.rawEvents().first?["payload"] as? [String: Any])
        #expect((payload["landmarks"] as? [Double])?.count == 478 * 3)
        #expect((payload["blendshapes"] as? [String: Double])?["eyeBlinkLeft"] == 0.25)

        let image = vault.root + "/face.jpg"
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 0x42, count: 64) + [0xFF, 0xD9])
        try jpeg.write(to: URL(fileURLWithPath: image))
        try vault.ok(["append", "face", "--metrics", try Self.metricsFile(in: vault, day: 6, level: 40), "--image", image])
        let withImage = try #require(try vault.rawEvents().last)
        #expect(withImage["start"] as? String == "2026-03-06T08:00:00Z", "the metrics file's timestamp is the capture time")
        let copy = vault.root + "/copy.jpg"
        try vault.ok(["show", withImage["id"] as! String, "--image", copy])
        #expect(FileManager.default.contents(atPath: copy) == jpeg)
        #expect(try vault.run(["append", "mood.rated", "rating=5", "--image", image]).status == 65)

        let missing = try vault.run(["append", "face", "--landmarks", vault.root + "/nothing.json"])
        #expect(missing.status == 66 && missing.stderr.contains("nothing.json"))
        let both = try vault.run(["append", "face", "--landmarks", mesh, "--metrics", mesh])
        #expect(both.status == 65)
        try "[[0.1, 0.2, 0.3]]".write(toFile: mesh, atomically: true, encoding: .utf8)
        let short = try vault.run(["append", "face", "--landmarks", mesh])
        #expect(short.status == 65 && short.stderr.contains("468 or 478"))
    }

    @Test func sleepScoreShowsTheNightAndItsContributors() throws {
        let vault = try CLIVault()
        let stages = [("AsleepCore", "2026-03-04T23:00:00Z", "2026-03-05T02:00:00Z"), ("AsleepDeep", "2026-03-05T02:00:00Z", "2026-03-05T03:00:00Z"),
                      ("AsleepREM", "2026-03-05T03:00:00Z", "2026-03-05T04:30:00Z"), ("AsleepCore", "2026-03-05T04:30:00Z", "2026-03-05T06:30:00Z")]
        let lines = stages.map { stage, start, end in
            #"{"kind":"category.recorded","start":"\#(start)","end":"\#(end)","utcOffset":0,"payload":{"type":"HKCategoryTypeIdentifierSleepAnalysis","value":"HKCategoryValueSleepAnalysis\#(stage)"}}"#
        }
        try vault.ok(["append", "--jsonl", "-"], stdin: lines.joined(separator: "\n"))
        let score = try Self.json(try vault.ok(["sleep-score", "--date", "2026-03-05", "--json"]))
        let parts = try #require(score["contributors"] as? [[String: Any]])
        #expect(parts.map { $0["contributor"] as! String } == ["total", "efficiency", "latency", "rem", "deep", "timing"])
        #expect(parts[0]["value"] as? Double == 7.5)
        #expect((score["score"] as! Double) > 80)
        #expect(try vault.ok(["sleep-score", "--date", "2026-03-05"]).contains("sleep score"))
        #expect(try vault.ok(["sleep-score", "--date", "2026-03-09"]).contains("no sleep recorded"))
    }
}
