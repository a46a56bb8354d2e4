import Foundation
import PropertyBased
import Testing
@testable import LedgerCore

/// The JSON and time text an export writes by the million, checked against independent
/// readers and writers on random input rather than on the cases someone thought of.
@Suite struct TextWritingPropertyTests {
    /// Scalars from every range that writes differently: control characters, quote and
    /// backslash, ASCII, two-, three- and four-byte UTF-8.
    static let scalar = Gen.int(in: 0...(6 * 1_114_112 - 1)).map { drawn -> Character in
        let ranges: [ClosedRange<Int>] = [0...0x1F, 0x22...0x22, 0x5C...0x5C, 0x20...0x7F, 0x80...0x7FF, 0x800...0xD7FF, 0x10000...0x10FFFF]
        let range = ranges[drawn % ranges.count]
        return Character(Unicode.Scalar(UInt32(range.lowerBound + drawn / ranges.count % range.count))!)
    }

    @Test func writtenStringsAndIntegersReadBackAsWrittenByFoundation() async {
        await propertyCheck(count: 300, input: Self.scalar.array(of: 0...24), Gen.int(in: Int.min...Int.max)) { characters, number in
            let text = String(characters)
            let document: Document = ["text": .string(text), "number": .int(Int64(number))]
            let json = JSONWriter.string(document)
            // Neither read may throw out of the body: swift-property-based drops a thrown error.
            #expect((try? JSONParser.parseObject(json)) == document, "\(json)")
            let foundation = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            #expect(foundation?["text"] as? String == text, "\(json)")
            #expect(json.hasSuffix(",\"number\":\(number)}"))
        }
    }

    @Test func iso8601AgreesWithFoundationsCalendarAtAnyOffset() async {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = TimeZone(identifier: "UTC")!
        // 1900 to 2100, offsets of whole minutes within ±18 h, fractions of any length.
        await propertyCheck(
            count: 300, input: Gen.int(in: -2_208_988_800...4_102_444_800), Gen.int(in: 0...999_999), Gen.int(in: -1080...1080)
        ) { second, fraction, offsetMinutes in
            let written = Timestamp(micros: Int64(second) * 1_000_000 + Int64(fraction)).iso8601(utcOffset: Int32(offsetMinutes * 60))
            let local = utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(second + offsetMinutes * 60)))
            var expected = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", local.year!, local.month!, local.day!, local.hour!, local.minute!, local.second!)
            if fraction != 0 {
                expected += "." + String(String(format: "%06d", fraction).reversed().drop { $0 == "0" }.reversed())
            }
            expected += offsetMinutes == 0 ? "Z" : String(format: "%@%02d:%02d", offsetMinutes < 0 ? "-" : "+", abs(offsetMinutes) / 60, abs(offsetMinutes) % 60)
            #expect(written == expected)
        }
    }
}
