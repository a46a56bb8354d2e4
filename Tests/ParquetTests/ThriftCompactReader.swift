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
    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    mutating func readStruct() -> ThriftValue {
        var fields: [Int16: ThriftValue] = [:]
        var last: Int16 = 0
        while true {
            let header = bytes[position]
            position += 1
            if header == 0 { return .structure(fields) }
            let type = header & 0x0F
            let delta = Int16(header >> 4)
            let id = delta == 0 ? Int16(unzigzag(varint())) : last + delta
            last = id
            fields[id] = value(of: type)
        }
    }

    private mutating func value(of type: UInt8) -> ThriftValue {
        switch type {
        case 1: return .bool(true)
        case 2: return .bool(false)
        case 3:
            position += 1
            return .int(Int64(Int8(bitPattern: bytes[position - 1])))
        case 4, 5, 6: return .int(unzigzag(varint()))
        case 8:
            let count = Int(varint())
            position += count
            return .binary(Array(bytes[(position - count)..<position]))
        case 9:
            let header = bytes[position]
            position += 1
            let count = header >> 4 == 15 ? Int(varint()) : Int(header >> 4)
            return .list((0..<count).map { _ in value(of: header & 0x0F) })
        case 12: return readStruct()
        default: fatalError("unexpected compact type \(type)")
        }
    }

    private mutating func varint() -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = bytes[position]
            position += 1
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    private func unzigzag(_ value: UInt64) -> Int64 { Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1) }
}
