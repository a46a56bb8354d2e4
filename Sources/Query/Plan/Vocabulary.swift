import Foundation
import LedgerCore
import Projections

/// The names a query may use for series and daily-metric columns, and how they resolve.
struct Vocabulary {
    /// Lowercased alias → series name in the index.
    let series: [String: String]
    let dailyKeys: Set<String>

    init(index: QueryIndexState) {
        var series = Self.everyVaultsSeries
        let catalogued = Self.cataloguedTypes
        for identifier in index.seriesNames where identifier.hasPrefix("HK") && !catalogued.contains(identifier) {
            Self.add(identifier, to: &series)
        }
        self.series = series
        dailyKeys = Self.columnKeys
    }

    /// The names every vault has (its self-reported series, every kind and every HealthKit
    /// type the metric catalog knows), made once: spelling out the aliases took a tenth of
    /// each dashboard page that runs a query.
    private static let everyVaultsSeries: [String: String] = {
        var series: [String: String] = [:]
        for name in IndexedRow.selfReportSeries { series[name] = name }
        for kind in EventKind.allCases where !kind.isAmendment && kind != .activityStopped && kind != .subjectErased {
            let stored = IndexedRow.seriesName(of: kind)
            series[kind.rawValue.lowercased()] = stored
            let prefix = String(kind.rawValue.prefix { $0 != "." }).lowercased()
            if series[prefix] == nil, kind != .sampleRecorded, kind != .categoryRecorded { series[prefix] = stored }
        }
        for identifier in cataloguedTypes.sorted() { add(identifier, to: &series) }
        return series
    }()

    private static let cataloguedTypes = Set(MetricCatalog.typeIdentifiers)
    private static let columnKeys = Set(MetricCatalog.columns.map(\.key))

    /// A HealthKit type under its identifier and, unless taken, its alias.
    private static func add(_ identifier: String, to series: inout [String: String]) {
        series[identifier.lowercased()] = identifier
        if let alias = alias(of: identifier), series[alias] == nil { series[alias] = identifier }
    }

    /// `HKQuantityTypeIdentifierHeartRateVariabilitySDNN` → `heart_rate_variability_sdnn`.
    static func alias(of identifier: String) -> String? {
        guard let range = identifier.range(of: "TypeIdentifier") else { return nil }
        let name = Array(identifier[range.upperBound...])
        var alias = ""
        for (index, character) in name.enumerated() {
            let previous = index > 0 ? name[index - 1] : nil
            let next = index + 1 < name.count ? name[index + 1] : nil
            if character.isUppercase, let previous,
               previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true) {
                alias.append("_")
            }
            alias.append(Character(character.lowercased()))
        }
        return alias
    }

    /// What a selection or window names, and the field after the series name if any.
    func resolve(_ name: Name) throws(QueryError) -> (source: SourceRef, field: String?) {
        let lowered = name.text.lowercased()
        if lowered.hasPrefix("daily.") {
            let key = String(lowered.dropFirst(6)).replacingOccurrences(of: ".", with: "_")
            guard dailyKeys.contains(key) else {
                throw QueryError("'\(key)' is not a daily-metric column", at: name.offset, length: name.text.count,
                                 suggestion: Nearest.word(to: key, in: Array(dailyKeys)).map { "daily." + $0 })
            }
            return (.daily(key), nil)
        }
        if let whole = series[lowered] { return (.series(whole), nil) }
        if let dot = lowered.firstIndex(of: "."), let head = series[String(lowered[..<dot])] {
            return (.series(head), String(name.text[name.text.index(after: dot)...]))
        }
        let key = lowered.replacingOccurrences(of: ".", with: "_")
        if dailyKeys.contains(key) { return (.daily(key), nil) }
        let candidates = Array(series.keys.filter { !$0.hasPrefix("hk") }) + dailyKeys.map { $0 }
        throw QueryError("'\(name.text)' is not a kind, a HealthKit type or a daily-metric column", at: name.offset, length: name.text.count,
                         suggestion: Nearest.word(to: lowered.replacingOccurrences(of: ".", with: "_"), in: candidates))
    }
}

/// A series of the index, or a daily-metric column (one value per local day).
enum SourceRef: Equatable {
    case series(String)
    case daily(String)
}
