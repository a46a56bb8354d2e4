import Projections

/// How a series reads by default: which field a bare name means, how it groups without an
/// aggregate, and which field a window's label (`activity "Socializing"`) matches.
struct SeriesTraits {
    let defaultField: String
    /// Measurements average; occurrences count.
    let defaultAggregate: Aggregate
    let labelField: String

    init(_ source: SourceRef) {
        switch source {
        case .daily:
            self.init(field: "value", aggregate: .avg, label: "value")
        case .series(let name):
            switch name {
            case "mood", "fatigue": self.init(field: "rating", aggregate: .avg, label: "note")
            case "symptom": self.init(field: "severity", aggregate: .count, label: "name")
            case "food": self.init(field: "kcal", aggregate: .count, label: "name")
            case "dose": self.init(field: "dosage_amount", aggregate: .count, label: "medication")
            case "friend_steps": self.init(field: "steps", aggregate: .sum, label: "friend")
            case _ where name.hasPrefix("HKQuantityTypeIdentifier"): self.init(field: "value", aggregate: .avg, label: "unit")
            case _ where name.hasPrefix("HKCategoryTypeIdentifier"): self.init(field: "duration", aggregate: .count, label: "value")
            default: self.init(field: "duration", aggregate: .count, label: "name")
            }
        }
    }

    private init(field: String, aggregate: Aggregate, label: String) {
        defaultField = field
        defaultAggregate = aggregate
        labelField = label
    }
}
