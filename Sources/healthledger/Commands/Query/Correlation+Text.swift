import Foundation
import LedgerCore
import Numerical
import Query

extension Correlation {
    private var lagText: String {
        switch lagDays {
        case 0: "the same day"
        case 1: "the day after"
        default: "\(lagDays) days after"
        }
    }

    private static func number(_ value: Double) -> String { String(format: "%.2f", value) }

    private static func pValue(_ p: Double) -> String { p < 0.001 ? "< 0.001" : String(format: "%.3f", p) }

    /// The finding in words and figures.
    var text: String {
        switch finding {
        case .factor(let welch):
            let confidence = Int((welch.confidence * 100).rounded())
            return """
                \(outcome) \(lagDays == 0 ? "on" : lagText) days with / without \(factor):
                  with:       mean \(Self.number(welch.withMean)) over \(welch.withCount) days
                  without:    mean \(Self.number(welch.withoutMean)) over \(welch.withoutCount) days
                  difference: \(Self.number(welch.difference)) (\(confidence)% CI \(Self.number(welch.lower)) to \(Self.number(welch.upper))), \
                Welch t = \(Self.number(welch.t)), df = \(String(format: "%.1f", welch.degrees)), p = \(Self.pValue(welch.p))
                """
        case .numeric(let pearson):
            return """
                \(factor) against \(outcome) \(lagText):
                  r = \(Self.number(pearson.r)), n = \(pearson.n) days, p = \(Self.pValue(pearson.p)) (two-sided)
                  least squares: \(outcome) ≈ \(Self.number(pearson.intercept)) + \(Self.number(pearson.slope)) × \(factor)
                """
        }
    }

    var document: Document {
        var document: Document = ["factor": .string(factor), "outcome": .string(outcome), "lagDays": .int(Int64(lagDays))]
        switch finding {
        case .factor(let welch):
            document["kind"] = .string("factor")
            document["withDays"] = .int(Int64(welch.withCount))
            document["withoutDays"] = .int(Int64(welch.withoutCount))
            document["withMean"] = .double(welch.withMean)
            document["withoutMean"] = .double(welch.withoutMean)
            document["difference"] = .double(welch.difference)
            document["confidence"] = .double(welch.confidence)
            document["lower"] = .double(welch.lower)
            document["upper"] = .double(welch.upper)
            document["t"] = .double(welch.t)
            document["degrees"] = .double(welch.degrees)
            document["p"] = .double(welch.p)
        case .numeric(let pearson):
            document["kind"] = .string("numeric")
            document["r"] = .double(pearson.r)
            document["n"] = .int(Int64(pearson.n))
            document["p"] = .double(pearson.p)
            document["slope"] = .double(pearson.slope)
            document["intercept"] = .double(pearson.intercept)
        }
        return document
    }
}
