import Foundation

/// A line `HEALTHLEDGER_READ_STATS` wrote (`recordsOpened=N partitionsOpened=M …`): what one
/// command read, by name, so a test reads the counts it names whatever others the line holds.
public struct ReadStatisticsLine {
    public let counts: [String: Int]

    public init(_ line: some StringProtocol) throws {
        var counts: [String: Int] = [:]
        for field in line.split(whereSeparator: \.isWhitespace) {
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Int(parts[1]) else { throw CLIError(message: "unexpected read statistics: \(line)") }
            counts[String(parts[0])] = value
        }
        self.counts = counts
    }

    /// The count `name`; an error when the line has none.
    public func count(_ name: String) throws -> Int {
        guard let value = counts[name] else { throw CLIError(message: "no \(name) in the read statistics \(counts)") }
        return value
    }

    /// The last line of the file `path`.
    public static func last(inFile path: String) throws -> ReadStatisticsLine {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        guard let line = text.split(separator: "\n").last else { throw CLIError(message: "no read statistics in \(path)") }
        return try ReadStatisticsLine(line)
    }
}
