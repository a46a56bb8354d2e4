import Foundation
import HealthImport
import LedgerCore
import Projections
import Testing

/// A window of a real recording from `Fixtures/Vitals/real` (cut by
/// Tools/VitalsFixtures/make-real-fixtures.py) with its reference rate.
struct RealWindow: CustomTestStringConvertible, Sendable {
    let name: String
    /// nil when the recording shows no rhythm at all: any rate measured on it is wrong.
    let reference: Double?
    /// Nothing added and the reference's intervals regular: refusing it counts against the targets.
    let clean: Bool
    let measured: VitalMeasured

    var isHeart: Bool { name.hasPrefix("ppg") }
    /// Beats or breaths per minute within which a reading counts as right.
    var tolerance: Double { isHeart ? 3 : 2 }
    var testDescription: String { name }

    static let all: [RealWindow] = {
        guard let url = Bundle.module.url(forResource: "Fixtures/Vitals/real/manifest", withExtension: "csv"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").dropFirst().compactMap { line -> RealWindow? in
            let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard cells.count >= 4, let path = Bundle.module.url(forResource: "Fixtures/Vitals/real/\(cells[0])", withExtension: "csv")?.path,
                let measured = try? cells[0].hasPrefix("ppg")
                    ? VitalRecording.ppg(path, rate: nil, detail: nil) : VitalRecording.accelerometer(path, rate: nil, detail: nil)
            else { return nil }
            return RealWindow(name: cells[0], reference: Double(cells[2]), clean: cells[3] == "yes", measured: measured)
        }
    }()
}
