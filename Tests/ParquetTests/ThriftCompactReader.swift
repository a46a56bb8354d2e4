/// Reads Thrift compact-protocol structs into field-id trees, to inspect what the writer wrote.
indirect enum ThriftValue: Equatable {
    case int(Int64)
    case bool(Bool)
    case binary([UInt8])
    case list([ThriftValue])
    case structure([Int16: ThriftValue])

    subscript(id: Int16) -> ThriftValue? {
        if case .structure(let fields) = self { return fields[id] }
        return nil
    }

    var int: Int64? { if case .int(let value) = self { return value } else { return nil } }
    var list: [ThriftValue] { if case .list(let values) = self { return values } else { return [] } }
    var string: String? { if case .binary(let bytes) = self { return String(decoding: bytes, as: UTF8.self) } else { return nil } }
    var bytes: [UInt8]? { if case .binary(let bytes) = self { return bytes } else { return nil } }
}

struct ThriftCompactReader {
    private var cursor: ByteCursor
    /// Where the next field or struct starts.
    var position: Int { cursor.position }

    init(_ bytes: [UInt8], at position: Int = 0) {
        cursor = ByteCursor(bytes, at: position)
    }

    mutating func readStruct() -> ThriftValue {
        var fields: [Int16: ThriftValue] = [:]
        var last: Int16 = 0
        while true {
            let header = cursor.byte()
            if header == 0 { return .structure(fields) }
            let type = header & 0x0F
            let delta = Int16(header >> 4)
            let id = delta == 0 ? Int16(unzigzag(cursor.varint())) : last + delta
            last = id
            fields[id] = value(of: type)
        }
    }

    private mutating func value(of type: UInt8) -> ThriftValue {
        switch type {
        case 1: return .bool(true)
        case 2: return .bool(false)
        case 3: return .int(Int64(Int8(bitPattern: cursor.byte())))
        case 4, 5, 6: return .int(unzigzag(cursor.varint()))
        case 8: return .binary(cursor.take(Int(cursor.varint())))
        case 9:
            let header = cursor.byte()
            let count = header >> 4 == 15 ? Int(cursor.varint()) : Int(header >> 4)
            return .list((0..<count).map { _ in value(of: header & 0x0F) })
        case 12: return readStruct()
        default: fatalError("unexpected compact type \(type)")
        }
    }

    private func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
