import Foundation
import LedgerCore

/// Reads an ECG recording from an export's `electrocardiograms/ecg_YYYY-MM-DD.csv`.
///
/// The file is `name,value` header lines (see `ElectrocardiogramHeader` for which are read and
/// how localised ones are recognised), blank lines, then one voltage per line. The first line
/// that is a number alone starts the voltages; every line after it must be one. Numbers may use
/// a decimal point or a decimal comma, quoted (`"-12,345"`) or not (`-12,345`): a voltage line
/// is never split at its comma.
public enum ElectrocardiogramCSV {
    /// The recording in `bytes` (UTF-8); `file` names the file in errors.
    public static func parse(_ bytes: [UInt8], file: String) throws(AttachmentError) -> ElectrocardiogramImport {
        var headerLines: [ElectrocardiogramHeader.Line] = []
        var voltages: [Double] = []
        let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for (index, range) in lineRanges(bytes, from: bytes.starts(with: byteOrderMark) ? 3 : 0).enumerated() {
            let number = index + 1
            // Thousands of voltages per file are read from the bytes; the rest as text.
            if let voltage = plainVoltage(bytes[range]) {
                voltages.append(voltage)
                continue
            }
            // Bytes that are not UTF-8 become U+FFFD, which can only fail a line that was unreadable anyway.
            let line = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { continue }
            if let voltage = LocalizedDecimal.parse(unquoted(line)) {
                voltages.append(voltage)
            } else if voltages.isEmpty {
                headerLines.append(headerLine(line, number: number))
            } else {
                throw .invalidValue(file: file, line: number, name: "voltage", value: line, expected: "a number like -12.345 or -12,345")
            }
        }
        let header = try ElectrocardiogramHeader(headerLines, file: file)
        guard let recorded = header.recorded else {
            throw .missing(file: file, what: "recorded date", example: "Recorded Date,2023-05-01 08:12:44 +0200")
        }
        guard let sampleRate = header.sampleRate else {
            throw .missing(file: file, what: "sample rate", example: "Sample Rate,512 hertz")
        }
        guard let classification = nonBlank(header.classification) else {
            throw .missing(file: file, what: "classification", example: "Classification,Sinus Rhythm")
        }
        guard !voltages.isEmpty else {
            throw .missing(file: file, what: "voltages", example: "-12.345, one per line after Unit,µV")
        }
        let payload = ElectrocardiogramRecorded(
            classification: classification, averageHeartRate: header.averageHeartRate, samplingFrequency: sampleRate,
            voltages: header.microvoltsPerUnit == 1 ? voltages : voltages.map { $0 * header.microvoltsPerUnit },
            lead: nonBlank(header.lead), symptoms: nonBlank(header.symptoms))
        return ElectrocardiogramImport(
            start: recorded.timestamp, utcOffset: recorded.utcOffset, payload: payload, device: nonBlank(header.device),
            softwareVersion: nonBlank(header.softwareVersion))
    }

    /// Splits at the first comma only: a localised value such as `511,562 Hertz` may hold one unquoted.
    private static func headerLine(_ line: String, number: Int) -> ElectrocardiogramHeader.Line {
        guard let comma = line.firstIndex(of: ",") else { return ElectrocardiogramHeader.Line(number: number, name: line, value: "") }
        let name = line[..<comma].trimmingCharacters(in: .whitespaces)
        let value = line[line.index(after: comma)...].trimmingCharacters(in: .whitespaces)
        return ElectrocardiogramHeader.Line(number: number, name: name, value: unquoted(value))
    }

    /// A CSV field without its surrounding quotes, doubled quotes inside made single.
    private static func unquoted(_ field: String) -> String {
        guard field.count >= 2, field.hasPrefix("\""), field.hasSuffix("\"") else { return field }
        return String(field.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }

    private static func nonBlank(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return text
    }
}
