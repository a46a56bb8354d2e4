import LedgerCore

/// Collects a GPX file's `<trkpt>`s with the export's own tag scanner, for the files
/// `GPXPlainRouteReader` leaves: markup it does not take (comments, CDATA, entity references)
/// and every problem, which this reader names with its line.
final class GPXTrackPointReader {
    private let start: Timestamp
    private let file: String
    private let scanner: XMLTagScanner
    private(set) var points: [RoutePoint] = []

    /// The point being read, from its `<trkpt>` until its end tag.
    private var current: RoutePoint?
    private var currentTime: Timestamp?
    /// Text of the innermost element of the point being read.
    private var text: [UInt8] = []

    init(start: Timestamp, file: String) {
        self.start = start
        self.file = file
        scanner = XMLTagScanner(file: file)
    }

    func read(_ bytes: [UInt8]) throws(AttachmentError) -> [RoutePoint] {
        do {
            try bytes.withUnsafeBytes { chunk in
                try scanner.feed(chunk, { try self.handle($0) }, text: { self.text.append(contentsOf: $0) })
            }
            try scanner.finish()
        } catch let error as AttachmentError {
            throw error
        } catch let error as XMLSyntaxError {
            throw .unreadableXML(file: file, line: error.line, reason: "\(error.reason) at column \(error.column)")
        } catch {
            throw .unreadableXML(file: file, line: nil, reason: "\(error)")
        }
        return points
    }

    private func handle(_ tag: XMLTag) throws(AttachmentError) {
        let name = tag.name.localName
        switch tag.kind {
        case .open, .empty:
            text.removeAll(keepingCapacity: true)
            guard name.elementsEqual("trkpt") else { return }
            let latitude = try coordinate(tag.value("lat"), "lat", -90...90, at: tag.offset)
            let longitude = try coordinate(tag.value("lon"), "lon", -180...180, at: tag.offset)
            current = RoutePoint(latitude: latitude, longitude: longitude, offset: 0)
            currentTime = nil
            if tag.kind == .empty { try close(Element.trackPoint, at: tag.offset) }
        case .close:
            guard current != nil, let element = Element(name) else { return }
            try close(element, at: tag.offset)
            text.removeAll(keepingCapacity: true)
        }
    }

    /// The elements of a point that carry something.
    private enum Element {
        case measurement(RoutePointMeasurement), time, trackPoint

        init?(_ name: UnsafeBufferPointer<UInt8>) {
            if let measurement = RoutePointMeasurement(name) { self = .measurement(measurement) }
            else if name.elementsEqual("time") { self = .time }
            else if name.elementsEqual("trkpt") { self = .trackPoint }
            else { return nil }
        }
    }

    private func close(_ element: Element, at offset: Int) throws(AttachmentError) {
        // Trimmed in place: a String per value would cost more than the rest of the point.
        while let last = text.last, XMLTagScanner.isSpace(last) { text.removeLast() }
        if let first = text.firstIndex(where: { !XMLTagScanner.isSpace($0) }), first > 0 { text.removeFirst(first) }
        var value: String { String(decoding: text, as: UTF8.self) }
        switch element {
        case .measurement(let measurement):
            let number = try number(measurement.name, at: offset)
            guard var point = current else { return }
            guard measurement.store(number, in: &point) else {
                // Only a course can be out of range.
                throw .invalidValue(file: file, line: line(offset), name: measurement.name, value: value, expected: "a direction in degrees, 0…360")
            }
            current = point
        case .time:
            guard let time = text.withUnsafeBufferPointer({ ExportDate.parse($0) })?.timestamp else {
                throw .invalidValue(file: file, line: line(offset), name: "time", value: value, expected: "a time like 2019-06-11T14:00:01Z")
            }
            currentTime = time
        case .trackPoint:
            guard var point = current, let time = currentTime else {
                throw .invalidValue(
                    file: file, line: line(offset), name: "trkpt", value: "without <time>",
                    expected: "complete: every point needs its <time> to place it in the workout")
            }
            point.offset = Double(time.micros - start.micros) / 1_000_000
            points.append(point)
            current = nil
        }
    }

    private func coordinate(_ text: UnsafeBufferPointer<UInt8>?, _ name: String, _ range: ClosedRange<Double>, at offset: Int) throws(AttachmentError) -> Double {
        guard let text, let value = ExportNumber.parse(text), range.contains(value) else {
            throw .invalidValue(
                file: file, line: line(offset), name: name, value: text?.string ?? "nothing",
                expected: "a number of degrees within \(Int(range.lowerBound))…\(Int(range.upperBound))")
        }
        return value
    }

    /// The element's text as a number (a dot for the decimal mark, as GPX requires).
    private func number(_ name: String, at offset: Int) throws(AttachmentError) -> Double {
        guard !text.contains(0x2C), let value = text.withUnsafeBufferPointer({ ExportNumber.parse($0) }) else {
            throw .invalidValue(file: file, line: line(offset), name: name, value: String(decoding: text, as: UTF8.self), expected: "a number")
        }
        return value
    }

    private func line(_ offset: Int) -> Int { scanner.location(of: offset).line }
}
