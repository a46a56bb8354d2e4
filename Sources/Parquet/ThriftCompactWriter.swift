/// Writes Thrift's compact protocol, the encoding of Parquet's page headers and footer.
///
/// Fields are written in increasing id order inside each struct, as the protocol's
/// delta-encoded field headers expect; `beginStruct`/`endStruct` keep the last id per level.
struct ThriftCompactWriter {
    private(set) var bytes: [UInt8] = []
    private var lastFieldID: [Int16] = [0]

    enum FieldType: UInt8 {
        case boolTrue = 1, boolFalse = 2, byte = 3, i16 = 4, i32 = 5, i64 = 6, double = 7, binary = 8
        case list = 9, set = 10, map = 11, structure = 12
    }

    mutating func i32(_ id: Int16, _ value: Int32) {
        fieldHeader(id, .i32)
        varint(zigzag(Int64(value)))
    }

    mutating func i16(_ id: Int16, _ value: Int16) {
        fieldHeader(id, .i16)
        varint(zigzag(Int64(value)))
    }

    mutating func i64(_ id: Int16, _ value: Int64) {
        fieldHeader(id, .i64)
        varint(zigzag(value))
    }

    mutating func bool(_ id: Int16, _ value: Bool) {
        fieldHeader(id, value ? .boolTrue : .boolFalse)
    }

    mutating func binary(_ id: Int16, _ value: [UInt8]) {
        fieldHeader(id, .binary)
        rawBinary(value)
    }

    mutating func string(_ id: Int16, _ value: String) { binary(id, Array(value.utf8)) }

    /// A struct field: `body` writes its fields.
    mutating func structure(_ id: Int16, _ body: (inout ThriftCompactWriter) -> Void) {
        fieldHeader(id, .structure)
        beginStruct()
        body(&self)
        endStruct()
    }

    /// A list of structs, each written by `body`.
    mutating func structList<Element>(_ id: Int16, _ elements: [Element], _ body: (inout ThriftCompactWriter, Element) -> Void) {
        fieldHeader(id, .list)
        listHeader(count: elements.count, type: .structure)
        for element in elements {
            beginStruct()
            body(&self, element)
            endStruct()
        }
    }

    mutating func i32List(_ id: Int16, _ values: [Int32]) {
        fieldHeader(id, .list)
        listHeader(count: values.count, type: .i32)
        for value in values { varint(zigzag(Int64(value))) }
    }

    mutating func stringList(_ id: Int16, _ values: [String]) {
        fieldHeader(id, .list)
        listHeader(count: values.count, type: .binary)
        for value in values { rawBinary(Array(value.utf8)) }
    }

    /// Ends the top-level struct this writer holds.
    mutating func finish() -> [UInt8] {
        bytes.append(0)
        return bytes
    }

    private mutating func beginStruct() { lastFieldID.append(0) }

    private mutating func endStruct() {
        bytes.append(0)
        lastFieldID.removeLast()
    }

    private mutating func fieldHeader(_ id: Int16, _ type: FieldType) {
        let delta = Int(id) - Int(lastFieldID[lastFieldID.count - 1])
        if delta > 0, delta <= 15 {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            varint(zigzag(Int64(id)))
        }
        lastFieldID[lastFieldID.count - 1] = id
    }

    private mutating func listHeader(count: Int, type: FieldType) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | type.rawValue)
        } else {
            bytes.append(0xF0 | type.rawValue)
            varint(UInt64(count))
        }
    }

    private mutating func rawBinary(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    private mutating func varint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    private func zigzag(_ value: Int64) -> UInt64 { UInt64(bitPattern: (value << 1) ^ (value >> 63)) }
}
