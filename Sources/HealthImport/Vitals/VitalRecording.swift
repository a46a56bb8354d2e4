import Foundation
public import LedgerCore

/// Reads a raw vital recording into the `vital.measured` payload: a fingertip PPG (per-frame
/// mean red as CSV or JSON, or a Y4M video) or accelerometer samples (CSV or JSON).
///
/// CSV: a header naming the columns (`t` or `time` in seconds, then `red` for PPG or `x,y,z`
/// for motion), or bare columns in that order; without a time column `--rate` gives the
/// sample rate. JSON: the payload's own fields (`values` or `x`/`y`/`z`, with `sampleRate`
/// or `timestamps`).
public enum VitalRecording {
    /// `path` (or `-` for standard input) as a fingertip PPG.
    public static func ppg(_ path: String, rate: Double?, detail: String?, progress: (Int) -> Void = { _ in }) throws(ImportError) -> VitalMeasured {
        let input = try ByteInput(path: path)
        if try Array(input.peek(9)) == Array("YUV4MPEG2".utf8) {
            let (values, frameRate) = try Y4MRedMeans.read(input, progress: progress)
            return VitalMeasured(samples: .ppg(values), timing: .rate(rate ?? frameRate), detail: detail)
        }
        return try parse(try input.rest(), source: input.name, signal: .ppg, rate: rate, detail: detail)
    }

    /// `path` (or `-`) as accelerometer samples.
    public static func accelerometer(_ path: String, rate: Double?, detail: String?) throws(ImportError) -> VitalMeasured {
        let input = try ByteInput(path: path)
        return try parse(try input.rest(), source: input.name, signal: .accelerometer, rate: rate, detail: detail)
    }

    /// A CSV or JSON text as `signal`.
    public static func parse(_ text: String, source: String, signal: VitalSignal, rate: Double?, detail: String?) throws(ImportError) -> VitalMeasured {
        let trimmed = text.drop { $0.isWhitespace }
        var document: Document
        if trimmed.first == "{" {
            do {
                document = try JSONParser.parseObject(text)
            } catch {
                throw .malformed(source, "not valid JSON (\(error))")
            }
        } else {
            document = try columns(CSVTable(parsing: text, file: source), source: source, signal: signal)
        }
        if document["signal"] == nil { document["signal"] = .string(signal.rawValue) }
        if let rate {
            document["sampleRate"] = .double(rate)
            document["timestamps"] = nil
        }
        if document["detail"] == nil, let detail { document["detail"] = .string(detail) }
        do {
            let measured = try VitalMeasured(document: document)
            guard measured.signal == signal else {
                throw ImportError.malformed(source, "holds a \(measured.signal.rawValue) signal, not \(signal.rawValue)")
            }
            return measured
        } catch let error as ValidationError {
            let hint = error.field == "sampleRate" ? ": add a time column t (seconds) or pass --rate" : ""
            throw .malformed(source, "\(error)\(hint)")
        } catch let error as ImportError {
            throw error
        } catch {
            throw .malformed(source, "\(error)")
        }
    }

    /// The CSV's columns as payload fields; times become seconds from the first sample.
    private static func columns(_ table: CSVTable, source: String, signal: VitalSignal) throws(ImportError) -> Document {
        let valueNames = signal == .ppg ? ["red"] : ["x", "y", "z"]
        guard let first = table.rows.first else { throw .malformed(source, "holds no samples") }
        let hasHeader = first.cells.contains { Double($0.trimmingCharacters(in: .whitespaces)) == nil }
        let names = hasHeader ? first.cells.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } : Self.bareNames(first.cells.count, valueNames)
        let timeColumn = names.firstIndex { ["t", "time", "timestamp", "seconds"].contains($0) }
        var valueColumns: [Int] = []
        for name in valueNames {
            let aliases = name == "red" ? ["red", "r", "value", "ppg"] : [name]
            guard let index = names.firstIndex(where: aliases.contains) else {
                throw .malformed(source, line: first.line, "no '\(name)' column (columns: \(names.joined(separator: ", "))); name them \((["t"] + valueNames).joined(separator: ","))")
            }
            valueColumns.append(index)
        }
        var times: [Double] = []
        var values = [[Double]](repeating: [], count: valueColumns.count)
        for row in table.rows.dropFirst(hasHeader ? 1 : 0) {
            func number(_ column: Int) throws(ImportError) -> Double {
                let cell = column < row.cells.count ? row.cells[column].trimmingCharacters(in: .whitespaces) : ""
                guard let value = Double(cell), value.isFinite else {
                    throw .malformed(source, line: row.line, column: names[column], "'\(cell)' is not a number")
                }
                return value
            }
            if let timeColumn { times.append(try number(timeColumn)) }
            for (slot, column) in valueColumns.enumerated() { values[slot].append(try number(column)) }
        }
        var document = Document()
        for (name, series) in zip(valueNames == ["red"] ? ["values"] : valueNames, values) { document[name] = .array(series.map(DocValue.double)) }
        if let start = times.first { document["timestamps"] = .array(times.map { .double($0 - start) }) }
        return document
    }

    /// Columns without a header: time first when there is one more column than values.
    private static func bareNames(_ count: Int, _ valueNames: [String]) -> [String] {
        count == valueNames.count + 1 ? ["t"] + valueNames : Array((valueNames + Array(repeating: "", count: max(0, count - valueNames.count))).prefix(count))
    }
}
