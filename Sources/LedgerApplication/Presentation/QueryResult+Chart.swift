public import Charts
import Numerical
public import Query

extension QueryResult {
    /// The result as a chart: a line or bars over time (or categories), or a scatter of
    /// the first two selections against each other with their least-squares line.
    public func chart(_ style: Chart.Style, title: String) throws(ChartInputError) -> Chart {
        let valueColumns = columns.indices.filter { index in rows.contains { if case .number = $0[index] { true } else { false } } }
        guard !valueColumns.isEmpty else { throw ChartInputError("the query gives no numbers to draw") }
        func name(_ index: Int) -> String { columns[index].title + (columns[index].unit.map { " (\($0))" } ?? "") }
        let units = Set(valueColumns.map { columns[$0].unit ?? columns[$0].title })
        let yLabel = (units.count == 1 ? units.first : nil) ?? "value"
        switch style {
        case .line:
            guard let times, bucket != nil || rows.count > 1 else { throw ChartInputError("a line chart needs rows over time: group with `by day` or list one kind") }
            let series = valueColumns.map { column in
                Chart.Series(name: name(column), points: zip(times, numbers(column: column)).compactMap { time, value in value.map { (Double(time), $0) } },
                             unit: columns[column].unit ?? columns[column].title)
            }
            return Chart(style: .line, title: title, xAxis: .time, yLabel: yLabel, series: series)
        case .bar:
            if bucket == nil, rows.count == 1 {
                let points = valueColumns.enumerated().compactMap { position, column in numbers(column: column)[0].map { (Double(position), $0) } }
                return Chart(style: .bar, title: title, xAxis: .categories(valueColumns.map(name)), yLabel: yLabel, series: [Chart.Series(name: title, points: points)])
            }
            guard bucket != nil else { throw ChartInputError("a bar chart needs groups (`by day`, `by week`…) or totals") }
            let labels = rows.map { row in if case .text(let label) = row[0] { label } else { "" } }
            let series = valueColumns.map { column in
                Chart.Series(name: name(column), points: numbers(column: column).enumerated().compactMap { index, value in value.map { (Double(index), $0) } },
                             unit: columns[column].unit ?? columns[column].title)
            }
            return Chart(style: .bar, title: title, xAxis: .categories(labels), yLabel: yLabel, series: series)
        case .scatter:
            guard valueColumns.count >= 2 else { throw ChartInputError("a scatter plot needs two selections, like `sleep.total, mood avg by day`") }
            let pairs = zip(numbers(column: valueColumns[0]), numbers(column: valueColumns[1])).compactMap { x, y in x.flatMap { x in y.map { (x, $0) } } }
            let fit = Pearson(pairs.map(\.0), pairs.map(\.1)).map { Chart.Fit(slope: $0.slope, intercept: $0.intercept, r: $0.r, n: $0.n) }
            return Chart(style: .scatter, title: title, xAxis: .numbers(label: name(valueColumns[0])), yLabel: name(valueColumns[1]),
                         series: [Chart.Series(name: "\(pairs.count) \(bucket?.rawValue ?? "row")s", points: pairs.map { (x: $0.0, y: $0.1) })], fit: fit)
        }
    }
}

/// A query whose result cannot be drawn as asked.
public struct ChartInputError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
