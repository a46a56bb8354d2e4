public import HealthBundle

/// Why a cohort was not built; the CLI gives each its own exit status.
public enum CohortError: Error, CustomStringConvertible {
    case badStudyKey(String)
    /// A bundle failed verification (or does not fit the dataset): nothing of it was written.
    case bundle(path: String, BundleError)
    /// The dataset was built under another study key.
    case otherStudyKey(dataset: String)
    /// The dataset was built with the other date-shifting choice.
    case otherDateShifting(dataset: String, shifted: Bool)
    /// The folder holds something that is not a cohort dataset, or its state is unreadable.
    case notADataset(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case diskFull(path: String)

    public var description: String {
        switch self {
        case .badStudyKey(let reason): reason
        case .bundle(let path, let error): "\(path): \(error.message)"
        case .otherStudyKey(let dataset):
            "\(dataset) was built under another study key, so its participants would get other pseudonyms: use that key, or --force to rebuild it from these bundles alone"
        case .otherDateShifting(let dataset, let shifted):
            "\(dataset) was built \(shifted ? "with" : "without") --shift-dates: build it the same way, or --force to rebuild it from these bundles alone"
        case .notADataset(let path, let reason): "\(path) \(reason); name a new or empty folder for the cohort dataset"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason); check that its folder exists and you may write there, then run again"
        case .diskFull(let path): "cannot write \(path): the disk is full; the participants written so far are complete, free some space and run again"
        }
    }
}
