import LedgerCore

/// mood.rated v1 → v2: v1 rated on a fixed 1…5 scale (Introspective's default);
/// v2 carries its scale, so the old rating keeps its meaning as `rating` on 1…5.
struct MoodRatedV1ToV2: Upcaster {
    let kind = EventKind.moodRated
    let fromSchema = 1

    func upcast(_ payload: Document) throws(ValidationError) -> Document {
        let rating = try payload.double("rating")
        var upgraded = Document()
        upgraded["rating"] = .double(rating)
        upgraded["scaleMin"] = .double(1)
        upgraded["scaleMax"] = .double(5)
        upgraded.set("note", payload["note"])
        return upgraded
    }
}
