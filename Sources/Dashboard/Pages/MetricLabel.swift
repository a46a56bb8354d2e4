import Foundation
import Projections

/// A daily column's header split into what it is and its unit: "Step Count (count)" → ("Step Count", "count").
struct MetricLabel {
    let name: String
    let unit: String

    init(_ column: MetricColumn) {
        let header = column.header
        if header.hasSuffix(")"), let open = header.lastIndex(of: "(") {
            name = String(header[..<open]).trimmingCharacters(in: .whitespaces)
            unit = String(header[header.index(after: open)..<header.index(before: header.endIndex)])
        } else {
            name = header
            unit = ""
        }
    }

    static func column(_ key: String) -> (index: Int, column: MetricColumn)? {
        MetricCatalog.columns.firstIndex { $0.key == key }.map { ($0, MetricCatalog.columns[$0]) }
    }
}
