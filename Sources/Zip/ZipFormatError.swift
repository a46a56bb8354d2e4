/// The zip inside a bundle is not what the writer makes: cut short, damaged, or not a zip.
public struct ZipFormatError: Error, CustomStringConvertible {
    public let reason: String
    init(_ reason: String) { self.reason = reason }
    public var description: String { "the zip inside the bundle is damaged: \(reason)" }
}
