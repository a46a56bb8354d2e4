/// Writes export.xml's elements into a byte buffer and counts what it writes.
///
/// The writer also enforces the requested total: it keeps a budget of top-level elements,
/// and an element that would go over it is taken back out of the buffer. Renderers
/// therefore never check the budget themselves, and a day cut short by it still comes out
/// the same in both of the generator's passes.
struct ExportXMLWriter {
    var text = XMLBytes()
    var manifest = ExportManifest()
    /// Top-level elements (and ECG files) still allowed.
    private(set) var budget: Int
    /// Files kept so far, to write after the XML.
    private(set) var files: [ExportFile] = []
    /// Added to every device's address: real exports show a different `HKDevice` address
    /// from one day to the next.
    var deviceAddressShift: UInt64 = 0
    private(set) var zone: Zone
    private var span: OffsetSpan
    private var elementStart = 0

    init(budget: Int, zone: Zone) {
        self.budget = budget
        self.zone = zone
        span = zone.span(at: 0)
    }

    mutating func setBudget(_ budget: Int) { self.budget = budget }

    /// Dates written from now on are local to `zone`.
    mutating func setZone(_ zone: Zone) {
        guard zone != self.zone else { return }
        self.zone = zone
        span = zone.span(at: 0)
    }

    // MARK: Top-level elements

    mutating func beginElement() { elementStart = text.count }

    /// Ends the top-level element begun last: counts it, or, over budget, unwrites it.
    @discardableResult
    mutating func endElement(_ name: String) -> Bool {
        guard budget > 0 else {
            text.truncate(to: elementStart)
            return false
        }
        budget -= 1
        manifest.countElement(name)
        return true
    }

    /// Keeps a file for later; an ECG file counts against the budget like an element.
    @discardableResult
    mutating func addFile(_ file: ExportFile) -> Bool {
        switch file {
        case .route:
            manifest.routeFiles += 1
        case .electrocardiogram:
            guard budget > 0 else { return false }
            budget -= 1
            manifest.ecgFiles += 1
        }
        files.append(file)
        return true
    }

    // MARK: Attributes

    mutating func dateAttribute(_ name: String, _ instant: Int64) {
        text.append(byte: UInt8(ascii: " "))
        text.append(name)
        text.append("=\"")
        date(instant)
        text.append(byte: UInt8(ascii: "\""))
    }

    /// `2023-05-01 08:12:44 +0200` in the current zone.
    mutating func date(_ instant: Int64) {
        if !span.contains(instant) { span = zone.span(at: instant) }
        text.appendDate(instant, offset: span.offset)
    }

    mutating func quantityAttribute(_ name: String, _ value: Double, places: Int) {
        text.append(byte: UInt8(ascii: " "))
        text.append(name)
        text.append("=\"")
        text.append(value, places: places)
        text.append(byte: UInt8(ascii: "\""))
    }

    /// `sourceName`, `sourceVersion` and `device`, as far as the source has them.
    mutating func sourceAttributes(_ source: Source) {
        text.plainAttribute("sourceName", source.escapedName)
        if let version = source.version { text.plainAttribute("sourceVersion", version) }
        if let device = source.device {
            text.append(" device=\"")
            device.write(address: device.address &+ deviceAddressShift, into: &text)
            text.append(byte: UInt8(ascii: "\""))
        }
    }

    mutating func metadata(_ key: String, _ value: String, indent: String = "  ") {
        text.append(indent)
        text.append("<MetadataEntry")
        text.attribute("key", key)
        text.attribute("value", value)
        text.append("/>\n")
    }
}
