/// Field readers and writers for shapes several payloads share.
extension Document {
    /// Text-to-text metadata (HealthKit's metadata dictionary); absent means empty.
    func stringMap(_ name: String) throws(ValidationError) -> [String: String] {
        guard let document = try optionalDocument(name) else { return [:] }
        var map: [String: String] = [:]
        for field in document.fields {
            guard case .string(let text) = field.value else {
                throw ValidationError(field: "\(name).\(field.name)", value: describe(field.value), reason: "must be text")
            }
            map[field.name] = text
        }
        return map
    }

    /// Name-to-number maps (nutrients, blendshapes); absent means empty.
    func numberMap(_ name: String) throws(ValidationError) -> [String: Double] {
        guard let document = try optionalDocument(name) else { return [:] }
        var map: [String: Double] = [:]
        for field in document.fields {
            map[field.name] = try Document.asDouble(field.value, field: "\(name).\(field.name)")
        }
        return map
    }

    /// Writes a map with keys sorted, so equal maps always encode to the same bytes.
    mutating func setMap<Value>(_ name: String, _ map: [String: Value], _ wrap: (Value) -> DocValue) {
        guard !map.isEmpty else { return }
        self[name] = .map(Document(map.sorted { $0.key < $1.key }.map { ($0.key, wrap($0.value)) }))
    }

    /// Reads each object in a list, naming a bad item by its position (`samples[2].unit`).
    func items<Item>(_ name: String, _ decode: (Document) throws(ValidationError) -> Item) throws(ValidationError) -> [Item] {
        var items: [Item] = []
        for (index, document) in try documents(name).enumerated() {
            do throws(ValidationError) {
                items.append(try decode(document))
            } catch {
                throw error.nested(in: "\(name)[\(index)]")
            }
        }
        return items
    }

    /// Reads a nested object, naming a bad field by its path (`defaultDosage.amount`).
    func item<Item>(_ name: String, _ decode: (Document) throws(ValidationError) -> Item) throws(ValidationError) -> Item? {
        guard let document = try optionalDocument(name) else { return nil }
        do throws(ValidationError) {
            return try decode(document)
        } catch {
            throw error.nested(in: name)
        }
    }

    /// A list of whole numbers; absent means empty.
    func ints(_ name: String) throws(ValidationError) -> [Int64] {
        guard let value = self[name], value != .null else { return [] }
        guard case .array(let items) = value else {
            throw ValidationError(field: name, value: describe(value), reason: "must be a list of whole numbers")
        }
        var numbers: [Int64] = []
        for (index, item) in items.enumerated() { numbers.append(try Document.asInt(item, field: "\(name)[\(index)]")) }
        return numbers
    }

    mutating func setStrings(_ name: String, _ texts: [String]) {
        if !texts.isEmpty { self[name] = .array(texts.map(DocValue.string)) }
    }

    mutating func setDoubles(_ name: String, _ numbers: [Double]) {
        self[name] = .array(numbers.map(DocValue.double))
    }
}

extension Optional where Wrapped == String {
    var doc: DocValue? { map(DocValue.string) }
}

extension Optional where Wrapped == Double {
    var doc: DocValue? { map(DocValue.double) }
}
