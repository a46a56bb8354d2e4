import LedgerCore
import Projections

/// Mood and fatigue rows as a query reads them: `rating` on the vault's rating scale
/// (`RatingScale`), so averages, charts and correlations put like with like whatever scale
/// each rating was given on; `scaleMin` and `scaleMax` still say what was given.
enum RatingRows {
    static let series: Set<String> = ["mood", "fatigue"]

    static func onScale(_ table: SeriesTable, _ scale: RatingScale) -> SeriesTable {
        guard let ratings = table.numbers["rating"] else { return table }
        // A rating's document always has its bounds; the schema's defaults stand in for rows without.
        let lows = table.numbers["scaleMin"], highs = table.numbers["scaleMax"]
        var numbers = table.numbers
        numbers["rating"] = ratings.indices.map { row in
            let low = lows.map { $0[row] }.flatMap { $0.isNaN ? nil : $0 } ?? 1
            let high = highs.map { $0[row] }.flatMap { $0.isNaN ? nil : $0 } ?? 10
            return scale.show(ratings[row], scaleMin: low, scaleMax: high)
        }
        return SeriesTable(starts: table.starts, ends: table.ends, offsets: table.offsets, numbers: numbers, texts: table.texts)
    }
}
