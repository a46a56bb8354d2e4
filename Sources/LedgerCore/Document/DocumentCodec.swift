/// The compact binary form of a `DocValue`, one tag byte per value.
///
/// Decimal numbers with few digits (72.4 kg, 1.5 mg) are stored as a scaled integer:
/// two or three bytes instead of eight, which matters for records of ~60 bytes.
public enum DocumentCodec {
    enum Tag: UInt8 {
        case null = 0, falseValue, trueValue, int, double, string, bytes, array, map, decimal
    }

    public static func encode(_ document: Document) -> [UInt8] {
        var writer = BinaryWriter()
        encode(document, into: &writer)
        return writer.bytes
    }

    public static func encode(_ document: Document, into writer: inout BinaryWriter) {
        writer.varint(UInt64(document.fields.count))
        for field in document.fields {
            writer.string(field.name)
            encode(field.value, into: &writer)
        }
    }

    public static func encode(_ value: DocValue, into writer: inout BinaryWriter) {
        switch value {
        case .null: writer.byte(Tag.null.rawValue)
        case .bool(let flag): writer.byte(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let number):
            writer.byte(Tag.int.rawValue)
            writer.signed(number)
        case .double(let number):
            if let (mantissa, scale) = shortDecimal(number) {
                writer.byte(Tag.decimal.rawValue)
                writer.byte(scale)
                writer.signed(mantissa)
            } else {
                writer.byte(Tag.double.rawValue)
                writer.float64(number)
            }
        case .string(let text):
            writer.byte(Tag.string.rawValue)
            writer.string(text)
        case .bytes(let data):
            writer.byte(Tag.bytes.rawValue)
            writer.lengthPrefixed(data)
        case .array(let items):
            writer.byte(Tag.array.rawValue)
            writer.varint(UInt64(items.count))
            for item in items { encode(item, into: &writer) }
        case .map(let document):
            writer.byte(Tag.map.rawValue)
            encode(document, into: &writer)
        }
    }

    public static func decodeDocument(_ bytes: [UInt8]) throws(DecodingError) -> Document {
        var reader = BinaryReader(bytes)
        let document = try decodeDocument(from: &reader)
        guard reader.isAtEnd else { throw .malformed("trailing bytes after document", at: reader.offset) }
        return document
    }

    public static func decodeDocument(from reader: inout BinaryReader) throws(DecodingError) -> Document {
        var fresh = FreshStrings()
        return try readDocument(from: &reader, strings: &fresh)
    }

    /// `decodeDocument(from:)` taking every string it has seen before from `strings`: the
    /// same document, with fewer allocations.
    public static func decodeDocument(from reader: inout BinaryReader, strings: inout StringTable) throws(DecodingError) -> Document {
        try readDocument(from: &reader, strings: &strings)
    }

    static func readDocument(from reader: inout BinaryReader, strings: inout some StringSource) throws(DecodingError) -> Document {
        let count = try reader.count()
        var document = Document(reservingCapacity: count)
        for _ in 0..<count {
            let name = try strings.string(from: &reader)
            document.appendNew(name, try readValue(from: &reader, strings: &strings))
        }
        return document
    }

    static func readValue(from reader: inout BinaryReader, strings: inout some StringSource) throws(DecodingError) -> DocValue {
        let at = reader.offset
        guard let tag = Tag(rawValue: try reader.byte()) else { throw .malformed("unknown value tag", at: at) }
        switch tag {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .int: return .int(try reader.signed())
        case .double: return .double(try reader.float64())
        case .decimal:
            let scale = try reader.byte()
            guard scale < powersOfTen.count else { throw .malformed("decimal scale \(scale)", at: at) }
            return .double(Double(try reader.signed()) / powersOfTen[Int(scale)])
        case .string: return .string(try strings.string(from: &reader))
        case .bytes: return .bytes(Array(try reader.lengthPrefixed()))
        case .array:
            let count = try reader.count()
            var items: [DocValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try readValue(from: &reader, strings: &strings)) }
            return .array(items)
        case .map: return .map(try readDocument(from: &reader, strings: &strings))
        }
    }

    /// Steps over a document, checking everything `decodeDocument` checks, in the same order
    /// and with the same errors, without making its strings or values.
    public static func skipDocument(from reader: inout BinaryReader) throws(DecodingError) {
        var ignored = IgnoredTokens()
        try skipDocument(from: &reader, tokens: &ignored)
    }

    /// `skipDocument(from:)` handing `tokens` every key and value it steps over, in order.
    public static func skipDocument(from reader: inout BinaryReader, tokens: inout some DocumentTokenSink) throws(DecodingError) {
        let count = try reader.count()
        for _ in 0..<count {
            tokens.string(try reader.checkedSlice())
            try skipValue(from: &reader, tokens: &tokens)
        }
    }

    static func skipValue<Sink: DocumentTokenSink>(from reader: inout BinaryReader, tokens: inout Sink) throws(DecodingError) {
        let at = reader.offset
        guard let tag = Tag(rawValue: try reader.byte()) else { throw .malformed("unknown value tag", at: at) }
        switch tag {
        case .null: tokens.scalar(.null)
        case .falseValue: tokens.scalar(.bool(false))
        case .trueValue: tokens.scalar(.bool(true))
        case .int: tokens.scalar(.int(try reader.signed()))
        case .double: tokens.scalar(.double(try reader.float64()))
        case .decimal:
            let scale = try reader.byte()
            guard scale < powersOfTen.count else { throw .malformed("decimal scale \(scale)", at: at) }
            tokens.scalar(.double(Double(try reader.signed()) / powersOfTen[Int(scale)]))
        case .string: tokens.string(try reader.checkedSlice())
        case .bytes: tokens.bytes(try reader.lengthPrefixed())
        case .array:
            let count = try reader.count()
            var stepped = 0
            while stepped < count {
                // A run of numbers is stepped over unread when the sink takes none: an ECG holds 15,000.
                if !Sink.takesFiniteNumbers {
                    stepped += reader.skipFiniteNumbers(
                        upTo: count - stepped, int: Tag.int.rawValue, decimal: Tag.decimal.rawValue, double: Tag.double.rawValue, scaleLimit: UInt8(powersOfTen.count))
                    guard stepped < count else { break }
                }
                try skipValue(from: &reader, tokens: &tokens)
                stepped += 1
            }
        case .map: try skipDocument(from: &reader, tokens: &tokens)
        }
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000]

    /// The smallest scale at which `value` round-trips exactly through an integer mantissa.
    ///
    /// Below 10⁹ one try at the finest scale decides it: a value that round-trips at some
    /// scale s has `value × 10⁶` within a quarter of the whole number m × 10⁶⁻ˢ, so it rounds
    /// to exactly that, and the mantissa's trailing zeros give s. A route's coordinates need
    /// six decimals, and trying the scales one by one cost them seven divisions each.
    static func shortDecimal(_ value: Double) -> (Int64, UInt8)? {
        guard abs(value) < 1e9 else { return shortDecimalByEveryScale(value) }
        let finest = roundedHalfAwayFromZero(value * 1e6)
        guard finest / 1e6 == value else { return nil }
        var mantissa = Int64(finest), scale = 6
        while scale > 0, mantissa % 10 == 0 {
            mantissa /= 10
            scale -= 1
        }
        return (mantissa, UInt8(scale))
    }

    /// `shortDecimal` by trying each scale in turn, for values too large for its shortcut.
    static func shortDecimalByEveryScale(_ value: Double) -> (Int64, UInt8)? {
        guard value.isFinite, abs(value) < 1e12 else { return nil }
        for (scale, power) in powersOfTen.enumerated() {
            let scaled = roundedHalfAwayFromZero(value * power)
            if scaled / power == value { return (Int64(scaled), UInt8(scale)) }
        }
        return nil
    }

    /// `x.rounded()` for |x| < 2⁶³, without the libm call that compiles to: a route's
    /// coordinates try up to seven scales each, millions of times per import. Below 2⁵² the
    /// fraction is exact; above it every Double is whole and the fraction is zero.
    @inline(__always)
    static func roundedHalfAwayFromZero(_ x: Double) -> Double {
        let truncated = Double(Int64(x))
        let fraction = x - truncated
        if fraction >= 0.5 { return truncated + 1 }
        if fraction <= -0.5 { return truncated - 1 }
        return truncated
    }
}
