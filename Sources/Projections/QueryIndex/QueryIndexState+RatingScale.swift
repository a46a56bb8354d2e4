public import LedgerCore

extension QueryIndexState {
    /// The vault's rating scale: the `ratings.scale` setting made last (by its time), or
    /// 1–10 when there is none or the last one was `null`.
    public func ratingScale() throws -> RatingScale {
        let settings = try rows(of: IndexedRow.seriesName(of: .settingChanged))
        var latest: (start: Int64, scale: RatingScale)?
        for index in 0..<settings.count where settings.text("key", at: index) == RatingScale.settingKey {
            // Validation refuses any other value; a `null` leaves no text.
            let scale = settings.text("value", at: index).flatMap { RatingScale($0) } ?? .standard
            if settings.starts[index] >= latest?.start ?? .min { latest = (settings.starts[index], scale) }
        }
        return latest?.scale ?? .standard
    }
}
