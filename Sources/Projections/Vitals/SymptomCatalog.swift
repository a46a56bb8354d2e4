import Foundation

/// The symptoms the companion app offers to pick from; any other name may be recorded too,
/// and then is offered alongside them.
public enum SymptomCatalog {
    public static let predefined = [
        "Nausea", "Headache", "Diarrhea", "Sore Throat", "Fever", "Muscle Ache", "Loss of Smell or Taste", "Cough",
        "Shortness of Breath", "Feeling Tired",
    ]

    /// `name` spelled as a known symptom when it matches one ignoring case, else as given.
    public static func canonical(_ name: String, known: [String]) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return (predefined + known).first { $0.caseInsensitiveCompare(trimmed) == .orderedSame } ?? trimmed
    }
}
