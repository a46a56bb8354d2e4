public import LedgerCore
import LedgerStore

/// The typed quick entries (mood, fatigue, symptom, dose, food, weight, start, stop): the
/// events each stands for, built from typed values. The CLI's commands parse their
/// arguments into these and the dashboard's forms their fields, so a page stores exactly
/// what a command stores. Each throws `EntryRejected` naming the input it refuses.
public enum QuickEntries {
    /// A mood rating on `scale` (`1-10`).
    public static func mood(rating: Double, scale: String = "1-10", note: String? = nil, tags: [String] = [], timing: EntryTiming) throws -> [Event] {
        [try timing.event(ratingPayload(MoodRated.self, rating: rating, scale: scale, note: note, tags: tags))]
    }

    /// A fatigue rating on `scale` (`1-10`).
    public static func fatigue(rating: Double, scale: String = "1-10", note: String? = nil, tags: [String] = [], timing: EntryTiming) throws -> [Event] {
        [try timing.event(ratingPayload(FatigueRated.self, rating: rating, scale: scale, note: note, tags: tags))]
    }

    /// The validated payload of `rating` on `scale` (`MIN-MAX`), with the note and tags.
    static func ratingPayload<Rated>(
        _ type: ScaledRating<Rated>.Type, rating: Double, scale: String, note: String?, tags: [String]
    ) throws -> ScaledRating<Rated> {
        let parts = scale.split(separator: "-").compactMap { Double($0) }
        guard parts.count == 2 else { throw EntryRejected("--scale \(scale) must look like 1-10") }
        return try ScaledRating<Rated>(rating: rating, scaleMin: parts[0], scaleMax: parts[1], note: note, tags: tags).validated()
    }

    /// A symptom; `severity` is 0–3 or the word.
    public static func symptom(name: String, severity: String = "1", note: String? = nil, session: String? = nil, timing: EntryTiming) throws -> [Event] {
        let payload = try SymptomReported(name: name, severity: SymptomSeverity(option: severity), note: note, session: session).validated()
        return [try timing.event(payload)]
    }
}
