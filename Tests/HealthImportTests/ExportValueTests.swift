import Foundation
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
        let afternoon: Double = 18 * 3600 + 14 * 60
        #expect(HeartbeatTime.secondsOfDay("6:14 p.m.") == afternoon)
        #expect(HeartbeatTime.secondsOfDay("6:14 p.\u{00A0}m.") == afternoon)
        #expect(HeartbeatTime.secondsOfDay("6:14 a. m.") == afternoon - 12 * 3600)
        #expect(HeartbeatTime.secondsOfDay("6:14:") == nil)
        #expect(HeartbeatTime.secondsOfDay("6:14:48:01") == nil)
        #expect(HeartbeatTime.secondsOfDay("6:60:00") == nil)
        #expect(HeartbeatTime.secondsOfDay("\u{00A0}") == nil)
        #expect(HeartbeatTime.secondsOfDay("") == nil)
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

    /// Short decimals are read without strtod; every one must be the Double strtod reads, to the bit.
    @Test func numbersAreTheDoubleStrtodReads() {
        func number(_ text: String) -> Double? {
            var copy = text
            return copy.withUTF8 { ExportNumber.parse($0) }
        }
        var texts = [
            "0.1", "0.3", "2.675", "4.35", "-0", "-0.0", "5.", ".5", "-.5", "+7", "1.0000000000000002", "9007199254740991",
            "9007199254740993", "123456789012345.67", "0.00000000000000001", "0.000000000000000000001", "179.99999999999997",
        ]
        // Sixteen and seventeen significant digits, spread over every position of the decimal point.
        var digits: UInt64 = 12_345_678_901_234_567
        for _ in 0..<2_000 {
            digits = (digits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407) % 100_000_000_000_000_000
            let text = String(digits)
            let point = text.index(text.startIndex, offsetBy: Int(digits % UInt64(text.count + 1)))
            texts.append((digits % 3 == 0 ? "-" : "") + text[..<point] + "." + text[point...])
        }
        for text in texts {
            #expect(number(text)?.bitPattern == Double(text)?.bitPattern, "\(text)")
            #expect(number(text.replacingOccurrences(of: ".", with: ","))?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func deviceAddressIsDroppedSoIdsSurviveAReExport() {
        let first = DeviceText.normalized("<<HKDevice: 0x3012772a0>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>")
        let second = DeviceText.normalized("<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2>")
        #expect(first == second)
        #expect(first == "name:Apple Watch, manufacturer:Apple Inc., model:Watch, hardware:Watch6,7, software:10.2")
    }
}
