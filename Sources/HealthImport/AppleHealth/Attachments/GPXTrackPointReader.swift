import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import LedgerCore

/// Collects `<trkpt>`s as `XMLParser` reports them; the first bad value stops the parse and is kept in `error`.
final class GPXTrackPointReader: NSObject, XMLParserDelegate {
    private let start: Timestamp
    private let file: String
    private(set) var points: [RoutePoint] = []
    private(set) var error: AttachmentError?

    /// The point being read, from its `<trkpt>` until its end tag.
    private var current: RoutePoint?
    private var currentTime: Timestamp?
    /// Text of the innermost child element of the point being read.
    private var text = ""

    init(start: Timestamp, file: String) {
        self.start = start
        self.file = file
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        text = ""
        guard Self.localName(elementName) == "trkpt" else { return }
        do throws(AttachmentError) {
            let latitude = try coordinate(attributes["lat"], "lat", -90...90, parser)
            let longitude = try coordinate(attributes["lon"], "lon", -180...180, parser)
            current = RoutePoint(latitude: latitude, longitude: longitude, offset: 0)
            currentTime = nil
        } catch {
            stop(parser, error)
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard current != nil else { return }
        do throws(AttachmentError) {
            try read(Self.localName(elementName), parser)
        } catch {
            stop(parser, error)
        }
        text = ""
    }

    /// libxml2 recovers from some errors and reports elements after them; the file is damaged all the same.
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let reason = "\(Self.words(parseError)) at column \(parser.columnNumber)"
        stop(parser, .unreadableXML(file: file, line: parser.lineNumber, reason: reason))
    }

    private func read(_ element: String, _ parser: XMLParser) throws(AttachmentError) {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch element {
        case "ele": current?.altitude = try number(value, "ele", parser)
        case "speed": current?.speed = try known(number(value, "speed", parser))
        case "course":
            let course = try known(number(value, "course", parser))
            guard course.map({ $0 <= 360 }) ?? true else {
                throw .invalidValue(file: file, line: parser.lineNumber, name: "course", value: value, expected: "a direction in degrees, 0…360")
            }
            current?.course = course
        case "hAcc": current?.horizontalAccuracy = try known(number(value, "hAcc", parser))
        case "vAcc": current?.verticalAccuracy = try known(number(value, "vAcc", parser))
        case "time":
            do {
                currentTime = try ISO8601.parse(value, localOffset: 0).timestamp
            } catch {
                throw .invalidValue(file: file, line: parser.lineNumber, name: "time", value: value, expected: "a time like 2019-06-11T14:00:01Z")
            }
        case "trkpt":
            guard var point = current, let time = currentTime else {
                throw .invalidValue(
                    file: file, line: parser.lineNumber, name: "trkpt", value: "without <time>",
                    expected: "complete: every point needs its <time> to place it in the workout")
            }
            point.offset = Double(time.micros - start.micros) / 1_000_000
            points.append(point)
            current = nil
        default: break
        }
    }

    private func coordinate(_ text: String?, _ name: String, _ range: ClosedRange<Double>, _ parser: XMLParser) throws(AttachmentError) -> Double {
        guard let text, let value = Double(text), range.contains(value) else {
            throw .invalidValue(
                file: file, line: parser.lineNumber, name: name, value: text ?? "nothing",
                expected: "a number of degrees within \(Int(range.lowerBound))…\(Int(range.upperBound))")
        }
        return value
    }

    private func number(_ text: String, _ name: String, _ parser: XMLParser) throws(AttachmentError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw .invalidValue(file: file, line: parser.lineNumber, name: name, value: text, expected: "a number")
        }
        return value
    }

    /// Core Location writes −1 for a speed, course or accuracy it does not know.
    private func known(_ value: Double) -> Double? { value < 0 ? nil : value }

    private func stop(_ parser: XMLParser, _ error: AttachmentError) {
        if self.error == nil { self.error = error }
        parser.abortParsing()
    }

    /// `attributeNotStartedError` as "attribute not started": Foundation on Linux describes XML
    /// errors only by number.
    private static func words(_ error: any Error) -> String {
        let code = (error as NSError).code
        guard let name = XMLParser.ErrorCode(rawValue: code).map({ "\($0)" }) else { return "XML error \(code)" }
        var words = ""
        for character in name.hasSuffix("Error") ? name.dropLast("Error".count) : Substring(name) {
            if character.isUppercase { words += " " }
            words += character.lowercased()
        }
        return words
    }

    /// `gpxtpx:speed` and `speed` alike: the GPX namespace prefix varies between writers.
    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }
}
