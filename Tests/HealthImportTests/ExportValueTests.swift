import LedgerCore
import Testing
@testable import HealthImport

@Suite struct ExportValueTests {
    func date(_ text: String) -> (Int64, Int32)? {
        var copy = text
        return copy.withUTF8 { ExportDate.parse($0) }.map { ($0.timestamp.micros, $0.utcOffset) }
    }

    @Test func exportDatesWithTheirOffsets() throws {
        let plus = try #require(date("2024-01-01 01:01:36 +0200"))
        #expect(plus.0 == 1_704_063_696_000_000)
        #expect(plus.1 == 7200)
        let minus = try #require(date("2016-11-14 07:25:44 -0700"))
        #expect(minus.0 == 1_479_133_544_000_000)
        #expect(minus.1 == -25_200)
        // Other layouts fall back to the general reader.
        #expect(date("2024-01-01T01:01:36+02:00")?.0 == plus.0)
        #expect(date("2024-13-01 01:01:36 +0200") == nil)
        #expect(date("yesterday") == nil)
    }

    @Test func heartbeatTimesInEveryLocaleForm() {
        let evening: Double = 18 * 3600 + 14 * 60 + 48.94
        let morning: Double = 8 * 3600 + 33 * 60 + 44.67
        #expect(HeartbeatTime.secondsOfDay("6:14:48.94 PM") == evening)
        #expect(HeartbeatTime.secondsOfDay("12:00:01.50 AM") == 1.5)
        #expect(HeartbeatTime.secondsOfDay("08:33:44,67") == morning)
        #expect(HeartbeatTime.secondsOfDay("18:14:48.940") == evening)
        #expect(HeartbeatTime.secondsOfDay("25:00:00") == nil)
        #expect(HeartbeatTime.secondsOfDay("13:00:00 PM") == nil)
        // iOS puts a narrow no-break space before the meridiem; some locales write it lower case.
        #expect(HeartbeatTime.secondsOfDay("6:14:48.94\u{202F}pm ") == evening)
        #expect(HeartbeatTime.secondsOfDay("\u{00A0}6:14:48.94 PM") == evening)
        #expect(HeartbeatTime.secondsOfDay("+6:14:48.94") == nil)
        #expect(HeartbeatTime.secondsOfDay("6:14:48.94 XM") == nil)
    }

    @Test func numbersWithDotsOrCommas() {
        func number(_ text: String) -> Double? {
            var copy = text
            return copy.withUTF8 { ExportNumber.parse($0) }
        }
        #expect(number("0.00288") == 0.00288)
        #expect(number("-12,5") == -12.5)
        #expect(number("418 cm") == nil)
        #expect(number("") == nil)
    }

    @Test func deviceAddressIsDroppedSoIdsSurviveAReExport() {
        let first = DeviceText.normalized("<<HKDevice: 0x3012772a0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>")
        let second = DeviceText.normalized("<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>")
        #expect(first == second)
        #expect(first == "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2")
    }
}
