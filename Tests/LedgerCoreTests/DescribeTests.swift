import PropertyBased
import Testing
@testable import LedgerCore

/// `describe` shows a value in at most 40 characters; for arrays and documents it stops
/// writing once past them. What it shows must be the start of the value's whole JSON.
@Suite("describe: short renderings of values")
struct DescribeTests {
    /// Leaves by kind: whole, fractional, text with combining accents (graphemes of two
    /// scalars), a nested list, a nested document, a flag.
    static func leaf(_ kind: Int, _ number: Int) -> DocValue {
        switch kind {
        case 0: return .int(Int64(number))
        case 1: return .double(Double(number) / 7)
        case 2: return .string(String(repeating: "ae\u{301}", count: abs(number) % 30))
        case 3: return .array((0..<abs(number) % 20).map { .double(Double($0) * 1.5 + Double(number)) })
        case 4: return .map(Document([("v", .int(Int64(number))), ("s", .string("x\u{301}\u{302}"))]))
        default: return number % 2 == 0 ? .bool(true) : .null
        }
    }

    static let leaves = zip(Gen.int(in: 0...5), Gen.int(in: -100_000...100_000)).array(of: 0...60)

    /// What `describe` showed when it wrote the whole value first.
    static func whole(_ value: DocValue) -> String {
        var out = ""
        JSONWriter.write(value, into: &out)
        return out.count > 40 ? String(out.prefix(40)) + "…" : out
    }

    @Test("a list or document shows the first 40 characters of its whole JSON, and … when there is more")
    func prefixOfWholeJSON() async {
        await propertyCheck(input: Self.leaves, Gen.int(in: 0...1)) { leaves, asDocument in
            let items = leaves.map { Self.leaf($0.0, $0.1) }
            let value: DocValue = asDocument == 0
                ? .array(items) : .map(Document(items.enumerated().map { ("field\($0.offset)", $0.element) }))
            #expect(describe(value) == Self.whole(value))
        }
    }

    @Test("a list of ten thousand numbers (an ECG's samples) shows its first 40 characters")
    func longList() {
        let samples = DocValue.array((0..<10_000).map { .double(Double($0) / 3) })
        #expect(describe(samples) == Self.whole(samples))
        #expect(describe(samples) == "[0.0,0.3333333333333333,0.66666666666666…")
    }
}
