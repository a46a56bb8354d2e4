/// A file from an export's folders (a workout route, an ECG recording) that cannot be read:
/// which file, which line, what is wrong with it and what to do.
public struct AttachmentError: Error, Equatable, CustomStringConvertible {
    /// The file as the export names it, e.g. `workout-routes/route_2019-06-11_3.00pm.gpx`.
    public let file: String
    /// The 1-based line the problem is on, when there is one.
    public let line: Int?
    private let problem: Problem

    private enum Problem: Equatable {
        case unreadableXML(reason: String)
        case invalidValue(name: String, value: String, expected: String)
        case missing(what: String, example: String)
    }

    private init(file: String, line: Int?, problem: Problem) {
        self.file = file
        self.line = line
        self.problem = problem
    }

    /// The file is not well-formed XML; `reason` is the XML parser's.
    static func unreadableXML(file: String, line: Int?, reason: String) -> AttachmentError {
        AttachmentError(file: file, line: line, problem: .unreadableXML(reason: reason))
    }

    /// A value the file holds is not what it should be, e.g. a latitude of `abc`.
    static func invalidValue(file: String, line: Int, name: String, value: String, expected: String) -> AttachmentError {
        AttachmentError(file: file, line: line, problem: .invalidValue(name: name, value: value, expected: expected))
    }

    /// Something every such file has is not there, e.g. an ECG's sample rate.
    static func missing(file: String, what: String, example: String) -> AttachmentError {
        AttachmentError(file: file, line: nil, problem: .missing(what: what, example: example))
    }

    /// Where: the file, and the line when there is one.
    public var place: String { line.map { "\(file) line \($0)" } ?? file }

    /// What is wrong and what to do, without the place: the same for every file it happens to.
    public var reason: String {
        switch problem {
        case .unreadableXML(let reason):
            return "not readable as XML (\(reason)); the file may be damaged: export again from the Health app, "
                + "or import without this file"
        case .invalidValue(let name, let value, let expected):
            return "\(name) '\(value.count > 40 ? value.prefix(40) + "…" : Substring(value))' is not \(expected); "
                + "correct the line or import without this file"
        case .missing(let what, let example):
            return "has no \(what) (a line like \(example)); is it a file from an Apple Health export? "
                + "Export again from the Health app, or import without this file"
        }
    }

    public var description: String { "\(place): \(reason)" }
}
