import LedgerCore

/// The entries of `data.cycleTracking[]`: what Health's Cycle Tracking logged (menstrual flow,
/// spotting, ovulation and other tests, cervical mucus, sexual activity, contraceptives,
/// pregnancy, lactation, cycle deviations), each the HealthKit category sample an Apple Health
/// export holds for it, with the value written as that export writes it.
///
/// `{"name": "Menstrual Flow", "start", "end", "value": "Medium", "isCycleStart": true, "source"}`:
/// the category as Health names it (or in the app's snake case, `menstrual_flow`), its value as
/// Health shows it. The app's documentation does not spell this array out; this is the layout
/// of its other entries (`symptoms`) with the value Health shows. A category or value the
/// table does not know, and an entry with lists in it, is kept whole as `exportElement.recorded`
/// and noted, never dropped.
extension HealthAutoExportFile {
    static let keptCycleElement = "HealthAutoExport.cycleTracking"

    /// A category of Cycle Tracking: its HealthKit type, and the export's value for each value
    /// the app may send (as a key `key` makes), or nil where the type has no value of its own.
    struct CycleCategory: Sendable {
        let type: String
        let values: [String: String]?
    }

    static let cycleCategories: [String: CycleCategory] = {
        let flow = ["unspecified": "Unspecified", "light": "Light", "medium": "Medium", "heavy": "Heavy", "none": "None", "noflow": "None"]
        let test = ["negative": "Negative", "positive": "Positive", "indeterminate": "Indeterminate"]
        func category(_ type: String, _ prefix: String? = nil, _ values: [String: String]? = nil) -> CycleCategory {
            CycleCategory(type: "HKCategoryTypeIdentifier" + type, values: values.map { $0.mapValues { "HKCategoryValue" + (prefix ?? type) + $0 } })
        }
        let categories: [(names: [String], CycleCategory)] = [
            (["Menstrual Flow", "Period"], category("MenstrualFlow", nil, flow)),
            (["Intermenstrual Bleeding", "Spotting"], category("IntermenstrualBleeding")),
            (["Ovulation Test Result", "Ovulation Test"], category("OvulationTestResult", nil, [
                "negative": "Negative", "positive": "LuteinizingHormoneSurge", "lhsurge": "LuteinizingHormoneSurge",
                "luteinizinghormonesurge": "LuteinizingHormoneSurge", "estrogensurge": "EstrogenSurge", "highestrogen": "EstrogenSurge",
                "indeterminate": "Indeterminate",
            ])),
            (["Cervical Mucus Quality", "Cervical Mucus"], category("CervicalMucusQuality", nil, [
                "dry": "Dry", "sticky": "Sticky", "creamy": "Creamy", "watery": "Watery", "eggwhite": "EggWhite",
            ])),
            (["Sexual Activity"], category("SexualActivity")),
            (["Contraceptive", "Contraceptives"], category("Contraceptive", nil, [
                "unspecified": "Unspecified", "implant": "Implant", "injection": "Injection", "intrauterinedevice": "IntrauterineDevice",
                "iud": "IntrauterineDevice", "intravaginalring": "IntravaginalRing", "vaginalring": "IntravaginalRing", "oral": "Oral",
                "pill": "Oral", "patch": "Patch",
            ])),
            (["Pregnancy"], category("Pregnancy")),
            (["Lactation"], category("Lactation")),
            (["Pregnancy Test Result", "Pregnancy Test"], category("PregnancyTestResult", nil, test)),
            (["Progesterone Test Result", "Progesterone Test"], category("ProgesteroneTestResult", nil, test)),
            (["Bleeding During Pregnancy"], category("BleedingDuringPregnancy", "VaginalBleeding", flow)),
            (["Bleeding After Pregnancy"], category("BleedingAfterPregnancy", "VaginalBleeding", flow)),
            (["Persistent Intermenstrual Bleeding"], category("PersistentIntermenstrualBleeding")),
            (["Prolonged Menstrual Periods"], category("ProlongedMenstrualPeriods")),
            (["Irregular Menstrual Cycles"], category("IrregularMenstrualCycles")),
            (["Infrequent Menstrual Cycles"], category("InfrequentMenstrualCycles")),
        ]
        var table: [String: CycleCategory] = [:]
        for (names, category) in categories { for name in names { table[key(name)] = category } }
        return table
    }()

    /// What a type without a value of its own (`notApplicable`) may be sent with.
    static let valuesOfPresence: Set<String> = ["", "notapplicable", "present", "yes", "logged"]

    /// Sexual activity's values that say whether protection was used, as `HKSexualActivityProtectionUsed` does.
    static let protectionFlags = ["protectionused": "1", "protectionnotused": "0"]

    /// The fields every entry is read by; any other scalar stays with the sample as metadata.
    static let cycleFields: Set<String> = ["name", "start", "date", "end", "value", "source"]

    /// The flags a type is read by, in the order they are looked for; on another type they stay as metadata.
    static let flagFields = [
        "HKCategoryTypeIdentifierMenstrualFlow": ["isCycleStart", "cycleStart"], "HKCategoryTypeIdentifierSexualActivity": ["protectionUsed"],
    ]

    /// `Menstrual Flow`, `menstrual_flow`, `MenstrualFlow`: one key.
    static func key(_ text: String) -> String {
        String(text.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil })
    }

    func cycleTracking(_ entry: Document, field: String, summary: inout ImportSummary) throws(ImportError) -> Event {
        guard case .string(let name)? = entry["name"], !name.isEmpty else {
            throw .malformed(path, column: field + ".name", "missing or empty: the category (Menstrual Flow, Ovulation Test Result…) was expected")
        }
        let startField = entry["start"] == nil && entry["date"] != nil ? "date" : "start"
        let (start, offset) = try date(entry, startField, field: field)
        let end = try end(of: entry, after: start, field: field)
        let app = pointSource(entry)
        let valueText = entry["value"].map(Self.text) ?? ""
        // The category, its start and the source: Health keeps one sample of a category at a
        // time, and a re-sent one with another value (heavier flow) is a correction.
        let key = ["cycleTracking", Self.key(name), String(start.micros), app ?? ""]
        var unmapped = "cycle tracking '\(name)' is not a category the HealthKit table names"
        if let category = Self.cycleCategories[Self.key(name)] {
            let value = try value(of: category, valueText, entry, field: field)
            let read = Self.cycleFields.union(Self.flagFields[category.type] ?? [])
            let (extra, lists) = Self.flattened(Document(entry.fields.filter { !read.contains($0.name) }.map { ($0.name, $0.value) }))
            if let (value, tags) = value, lists.isEmpty {
                var metadata = extra.merging(tags) { _, tag in tag }
                metadata[Self.metricKey] = name
                metadata[Self.pointSourceKey] = app
                let payload = CategoryRecorded(type: category.type, value: value, metadata: metadata)
                return Event(payload, id: identity.id(Self.idNamespace, key), start: start, end: end ?? start, utcOffset: offset, source: source)
            }
            unmapped = lists.isEmpty ? "cycle tracking '\(name)' with value '\(valueText)', not one HealthKit names for it"
                : "cycle tracking '\(name)' with lists in it, which a category sample cannot hold"
        }
        let (attributes, children) = Self.flattened(entry)
        summary.note("\(unmapped): kept whole as exportElement.recorded (unmapped)")
        summary.count(type: "HealthAutoExport:cycleTracking", source: source.name)
        let payload = ExportElementRecorded(element: Self.keptCycleElement, attributes: attributes, children: children)
        return Event(payload, id: identity.id(Self.idNamespace, key + ["kept"]), start: start, end: end, utcOffset: offset, source: entrySource(app))
    }

    /// The export's value for `text` and the metadata Health gives it, nil if the category has no such value.
    private func value(of category: CycleCategory, _ text: String, _ entry: Document, field: String) throws(ImportError) -> (String, [String: String])? {
        var tags: [String: String] = [:]
        let flags = Self.flagFields[category.type] ?? []
        if category.type == "HKCategoryTypeIdentifierMenstrualFlow", let flag = try flag(entry, flags, field: field) {
            tags["HKMenstrualCycleStart"] = flag
        }
        if category.type == "HKCategoryTypeIdentifierSexualActivity" {
            let said = Self.protectionFlags[Self.key(text)]
            guard said != nil || Self.key(text) == "unspecified" || Self.valuesOfPresence.contains(Self.key(text)) else { return nil }
            tags["HKSexualActivityProtectionUsed"] = try flag(entry, flags, field: field) ?? said
            return ("HKCategoryValueNotApplicable", tags)
        }
        guard let values = category.values else {
            return Self.valuesOfPresence.contains(Self.key(text)) ? ("HKCategoryValueNotApplicable", tags) : nil
        }
        return values[Self.key(text)].map { ($0, tags) }
    }

    /// `"1"` or `"0"`, as the export writes a flag, from the first of `names` the entry has.
    private func flag(_ entry: Document, _ names: [String], field: String) throws(ImportError) -> String? {
        guard let name = names.first(where: { entry[$0] != nil && entry[$0] != .null }) else { return nil }
        switch entry[name] {
        case .bool(let flag)?: return flag ? "1" : "0"
        case .int(let number)? where number == 0 || number == 1: return String(number)
        default: throw .malformed(path, column: "\(field).\(name)", "is not true or false")
        }
    }
}
