import DemoData

extension SeededRandom {
    /// A generator for one part (`stream`) of one day, independent of every other part, so
    /// that parts can be generated in any order and twice with the same result.
    init(seed: UInt64, stream: Int, day: Int) {
        var mixer = SeededRandom(seed: seed
            ^ (UInt64(truncatingIfNeeded: stream) &* 0x9E37_79B9_7F4A_7C15)
            ^ (UInt64(truncatingIfNeeded: day) &* 0xC2B2_AE3D_27D4_EB4F))
        self.init(seed: mixer.next())
    }

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &self) < probability }

    mutating func uniform(_ range: Range<Double>) -> Double { Double.random(in: range, using: &self) }

    mutating func integer(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }

    /// Whole seconds drawn around `mean`, never below `minimum`.
    mutating func seconds(_ mean: Double, deviation: Double, minimum: Double = 0) -> Int64 {
        Int64(max(minimum, gaussian(mean: mean, deviation: deviation)).rounded())
    }

    mutating func pick<Element>(_ items: [Element]) -> Element { items[Int.random(in: 0..<items.count, using: &self)] }

    /// An uppercase UUID, as Health writes them.
    mutating func uuid() -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        var text = XMLBytes()
        for (index, length) in [8, 4, 4, 4, 12].enumerated() {
            if index > 0 { text.append(byte: UInt8(ascii: "-")) }
            for _ in 0..<length { text.append(byte: digits[integer(0...15)]) }
        }
        return String(decoding: text.bytes, as: UTF8.self)
    }
}
