/// How a column is declared in the footer's schema (parquet.thrift's `SchemaElement`).
extension ParquetColumn {
    var physicalType: Int32 {
        switch kind {
        case .int64, .timestampMicros: 2
        case .date: 1
        case .double: 5
        case .string: 6
        }
    }

    func writeSchemaElement(_ writer: inout ThriftCompactWriter) {
        writer.i32(1, physicalType)
        writer.i32(3, isOptional ? 1 : 0)
        writer.string(4, name)
        switch kind {
        case .int64, .double: break
        case .string:
            writer.i32(6, 0)
            writer.structure(10) { logical in logical.structure(1) { _ in } }
        case .date:
            writer.i32(6, 6)
            writer.structure(10) { logical in logical.structure(6) { _ in } }
        case .timestampMicros:
            writer.i32(6, 10)
            writer.structure(10) { logical in
                logical.structure(8) { timestamp in
                    timestamp.bool(1, true)
                    timestamp.structure(2) { unit in unit.structure(2) { _ in } }
                }
            }
        }
    }
}
