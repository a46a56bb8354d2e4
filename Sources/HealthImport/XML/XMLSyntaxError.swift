/// Where and why an export's XML could not be read.
public struct XMLSyntaxError: Error, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let reason: String

    /// Where and why, without the file: "line 5, column 2: the file ends inside a tag".
    public var position: String { "line \(line), column \(column): \(reason)" }

    public var description: String { "\(file): \(position)" }
}
