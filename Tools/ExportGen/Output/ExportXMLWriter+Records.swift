extension ExportXMLWriter {
    /// A top-level `<Record>` with its metadata entries; false if over budget.
    @discardableResult
    mutating func record(_ sample: Sample, metadata: KeyValuePairs<String, String> = [:]) -> Bool {
        beginElement()
        openRecord(sample, indent: " ")
        if metadata.isEmpty {
            text.append("/>\n")
        } else {
            text.append(">\n")
            for (key, value) in metadata { self.metadata(key, value) }
            text.append(" </Record>\n")
        }
        return endRecord(sample)
    }

    /// Counts the top-level record begun last, or unwrites it if over budget.
    mutating func endRecord(_ sample: Sample) -> Bool {
        guard endElement("Record") else { return false }
        manifest.countRecord(type: sample.type, source: sample.source.name)
        return true
    }

    /// `<Record` and its attributes, in the source's order, without closing the tag.
    mutating func openRecord(_ sample: Sample, indent: String) {
        text.append(indent)
        text.append("<Record")
        text.plainAttribute("type", sample.type)
        switch sample.source.order {
        case .current:
            sourceAttributes(sample.source)
            if let unit = sample.unit { text.plainAttribute("unit", unit) }
            if let created = sample.created { dateAttribute("creationDate", created) }
            dateAttribute("startDate", sample.start)
            dateAttribute("endDate", sample.end)
            value(sample.value)
        case .valueFirst:
            value(sample.value)
            if let unit = sample.unit { text.plainAttribute("unit", unit) }
            sourceAttributes(sample.source)
            dateAttribute("startDate", sample.start)
            dateAttribute("endDate", sample.end)
            if let created = sample.created { dateAttribute("creationDate", created) }
        }
    }

    private mutating func value(_ value: SampleValue) {
        switch value {
        case .quantity(let number, let places): quantityAttribute("value", number, places: places)
        case .category(let name): text.plainAttribute("value", name)
        }
    }
}
