import Foundation
import HealthImport
import LedgerCore
import Projections
import Testing

/// A video piped from ffmpeg as Y4M gives the same PPG series as a CSV of per-frame red means.
@Suite struct Y4MRouteTests {
    static let width = 16, height = 8

    /// Red of a video-range BT.601 pixel, written independently of the reader.
    static func red(luma: Int, chroma: Int) -> Double {
        min(255, max(0, 1.164 * Double(luma - 16) + 1.596 * Double(chroma - 128)))
    }

    /// 4:2:0 frames whose mean red follows `targets`: luma dithered across pixels so the
    /// mean carries fractions, one red-difference chroma for the frame.
    static func frames(_ targets: [Double], chroma: Int = 170) -> (y4m: [UInt8], means: [Double]) {
        var bytes = Array("YUV4MPEG2 W\(width) H\(height) F30:1 Ip A1:1 C420jpeg\n".utf8)
        var means: [Double] = []
        let pixels = width * height
        for target in targets {
            let exact = (target - 1.596 * Double(chroma - 128)) / 1.164 + 16
            let base = Int(exact.rounded(.down))
            let raised = Int(((exact - Double(base)) * Double(pixels)).rounded())
            let lumas = (0..<pixels).map { $0 < raised ? base + 1 : base }
            bytes += Array("FRAME\n".utf8) + lumas.map(UInt8.init)
            bytes += [UInt8](repeating: 128, count: pixels / 4) + [UInt8](repeating: UInt8(chroma), count: pixels / 4)
            means.append(lumas.map { red(luma: $0, chroma: chroma) }.reduce(0, +) / Double(pixels))
        }
        return (bytes, means)
    }

    @Test func videoAndCSVGiveTheSameSeries() throws {
        guard case .ppg(let recorded) = try VitalsFixture.measured("ppg-camera-72bpm").samples else { Issue.record("not a PPG"); return }
        // The fixture's red sits near 205; the chroma leaves room for it in video range.
        let (video, means) = Self.frames(recorded)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("y4m-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let videoPath = folder.appendingPathComponent("finger.y4m").path
        try Data(video).write(to: URL(fileURLWithPath: videoPath))
        let csvPath = folder.appendingPathComponent("finger.csv").path
        try ("red\n" + means.map { "\($0)" }.joined(separator: "\n")).write(toFile: csvPath, atomically: true, encoding: .utf8)

        let fromVideo = try VitalRecording.ppg(videoPath, rate: nil, detail: nil)
        let fromCSV = try VitalRecording.ppg(csvPath, rate: 30, detail: nil)
        guard case .ppg(let videoSeries) = fromVideo.samples, case .ppg(let csvSeries) = fromCSV.samples else { Issue.record("not PPG"); return }
        #expect(videoSeries.count == recorded.count)
        #expect(videoSeries == csvSeries)
        // The dithered frames carry the recording to within a hundredth of a grey level.
        #expect(zip(videoSeries, recorded).allSatisfy { abs($0 - $1) < 0.01 })
        #expect(fromVideo.timing == .rate(30))
        let heart = VitalsAlgorithmV2().estimate(fromVideo)
        #expect(heart == VitalsAlgorithmV2().estimate(fromCSV))
        #expect(abs((heart.rate ?? 0) - 72) <= 3)
    }

    @Test func aCutShortFrameIsNamed() throws {
        let (video, _) = Self.frames([200, 201])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).y4m").path
        try Data(video.dropLast(10)).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: ImportError.self) { try VitalRecording.ppg(path, rate: nil, detail: nil) }
        do {
            _ = try VitalRecording.ppg(path, rate: nil, detail: nil)
        } catch {
            #expect("\(error)".contains("frame 2 is cut short"))
        }
    }

    @Test func tenBitVideoIsRefusedWithTheConversionToUse() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("p10-\(UUID().uuidString).y4m").path
        try Data("YUV4MPEG2 W4 H4 F30:1 C420p10\nFRAME\n".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            _ = try VitalRecording.ppg(path, rate: nil, detail: nil)
            Issue.record("a 10-bit stream was read")
        } catch {
            #expect("\(error)".contains("-pix_fmt yuv420p"))
        }
    }
}
