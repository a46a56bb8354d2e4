/// The rules mood and fatigue ratings share: a scale chosen per event and a rating inside it.
///
/// Each event carries its own scale so that changing the scale in settings never changes
/// what an old rating meant.
enum RatingScale {
    static func validate(rating: Double, scaleMin: Double, scaleMax: Double) throws(ValidationError) {
        try Rule.finite(scaleMin, "scaleMin")
        try Rule.finite(scaleMax, "scaleMax")
        guard scaleMin < scaleMax else {
            throw ValidationError(field: "scaleMax", value: describe(.double(scaleMax)), reason: "must be greater than scaleMin \(JSONWriter.formatDouble(scaleMin))")
        }
        _ = try Rule.within(rating, scaleMin...scaleMax, "rating")
    }

    static func document(rating: Double, scaleMin: Double, scaleMax: Double, note: String?, tags: [String]) -> Document {
        var document: Document = ["rating": .double(rating), "scaleMin": .double(scaleMin), "scaleMax": .double(scaleMax)]
        document.set("note", note.doc)
        document.setStrings("tags", tags)
        return document
    }
}
