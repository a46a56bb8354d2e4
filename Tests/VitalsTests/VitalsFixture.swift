import Foundation
import HealthImport
import LedgerCore

/// A recording from `Fixtures/Vitals` (made by Tools/VitalsFixtures/make-fixtures.py).
enum VitalsFixture {
    static func url(_ name: String) throws -> URL {
        guard let url = Bundle.module.url(forResource: "Fixtures/Vitals/\(name)", withExtension: "csv") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: name])
        }
        return url
    }

    static func measured(_ name: String) throws -> VitalMeasured {
        let path = try url(name).path
        return name.hasPrefix("ppg") ? try VitalRecording.ppg(path, rate: nil, detail: nil) : try VitalRecording.accelerometer(path, rate: nil, detail: nil)
    }
}
