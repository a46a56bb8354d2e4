import Foundation

/// How a model's regularisation strength α is set.
public enum RidgeAlpha: Sendable, Equatable {
    /// The same α for every fold: the mode that matches scikit-learn's
    /// `cross_val_predict(make_pipeline(StandardScaler(), Ridge(alpha)), X, y, cv=LeaveOneOut())`.
    case fixed(Double)
    /// Each training set picks the α of `grid` with the lowest leave-one-out error on itself.
    case innerLeaveOneOut(grid: [Double])

    /// 10⁻² … 10⁴ in half decades: from almost unpenalised to almost the mean alone.
    public static let standardGrid = (-4...8).map { pow(10, Double($0) / 2) }
    public static let standard = RidgeAlpha.innerLeaveOneOut(grid: standardGrid)

    /// The fit of `rows` at the α this choice gives them.
    public func fit(rows: [[Double]], targets: [Double]) -> RidgeFit {
        switch self {
        case .fixed(let alpha):
            return RidgeFit(rows: rows, targets: targets, alpha: alpha)
        case .innerLeaveOneOut(let grid):
            let search = RidgeAlphaSearch(rows: rows, targets: targets)
            return search.fit(alpha: search.best(of: grid))
        }
    }
}
