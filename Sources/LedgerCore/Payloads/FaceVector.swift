/// One value for every name of a fixed set (the 24 face features, the 4 indicators).
///
/// Values are kept in the set's declared order, which is also the order models use as
/// their feature vector.
public struct FaceVector<Name>: Hashable, Sendable
where Name: RawRepresentable<String> & CaseIterable & Hashable & Sendable, Name.AllCases.Index == Int {
    /// In `Name.allCases` order.
    public private(set) var values: [Double]

    /// A vector with `value(name)` for every name.
    public init(_ value: (Name) -> Double) {
        values = Name.allCases.map(value)
    }

    public subscript(name: Name) -> Double {
        // Cannot fail: every case is in allCases
        get { values[Name.allCases.firstIndex(of: name)!] }
        set { values[Name.allCases.firstIndex(of: name)!] = newValue }
    }

    /// Reads a map holding every name and no other; `range` bounds each value when given.
    init(document: Document, range: ClosedRange<Double>? = nil) throws(ValidationError) {
        let known = Set(Name.allCases.map(\.rawValue))
        if let unknown = document.fields.first(where: { !known.contains($0.name) }) {
            throw ValidationError(field: unknown.name, value: describe(unknown.value), reason: "is not one of the \(known.count) known names")
        }
        var values: [Double] = []
        for name in Name.allCases {
            let value = try document.double(name.rawValue)
            if let range { _ = try Rule.within(value, range, name.rawValue) }
            values.append(value)
        }
        self.values = values
    }

    var document: Document {
        Document(zip(Name.allCases, values).map { ($0.rawValue, .double($1)) })
    }
}

public typealias FaceFeatures = FaceVector<FaceFeature>
public typealias FaceIndicators = FaceVector<FaceIndicator>
