import Foundation

/// Writes `DocValue`s as compact JSON with fields in their stored order.
///
/// Bytes become base64 strings; typed payloads accept either form when reading back.
public enum JSONWriter {
    public static func string(_ document: Document) -> String {
        var out = ""
        write(document, into: &out)
        return out
    }

    public static func write(_ document: Document, into out: inout String) {
        out.append("{")
        for (index, field) in document.fields.enumerated() {
            if index > 0 { out.append(",") }
            writeString(field.name, into: &out)
            out.append(":")
            write(field.value, into: &out)
        }
        out.append("}")
    }

    public static func write(_ value: DocValue, into out: inout String) {
        switch value {
        case .null: out.append("null")
        case .bool(let flag): out.append(flag ? "true" : "false")
        case .int(let number): out.append(String(number))
        // Swift's shortest round-trip form keeps the fraction (`72.0`), so a double reads back
        // as a double rather than an integer and documents survive JSON unchanged.
        case .double(let number): out.append(number.isFinite ? "\(number)" : "null")
        case .string(let text): writeString(text, into: &out)
        case .bytes(let data): writeString(Data(data).base64EncodedString(), into: &out)
        case .array(let items):
            out.append("[")
            for (index, item) in items.enumerated() {
                if index > 0 { out.append(",") }
                write(item, into: &out)
            }
            out.append("]")
        case .map(let document): write(document, into: &out)
        }
    }

    /// Short text for people (messages, tables): integral values leave the ".0" out, so
    /// 72.0 prints as 72. JSON keeps it; see `write`.
    static func formatDouble(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    public static func writeString(_ text: String, into out: inout String) {
        out.append("\"")
        // Most text needs no escape: appended whole, it is several times faster than scalar
        // by scalar (a bundle export writes a gigabyte of event JSON).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            out.append(text)
            out.append("\"")
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            case _ where scalar.value < 0x20:
                out.append("\\u")
                let hex = String(scalar.value, radix: 16)
                out.append(String(repeating: "0", count: 4 - hex.count) + hex)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.append("\"")
    }
}
