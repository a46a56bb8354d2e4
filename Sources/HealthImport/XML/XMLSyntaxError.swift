/// Where and why an export's XML could not be read.
public struct XMLSyntaxError: Error, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let reason: String

    public var description: String { "\(file): line \(line), column \(column): \(reason)" }
}
