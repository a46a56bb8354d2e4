import Charts
import Foundation
import Hummingbird
import LedgerApplication
import LedgerCore
import LedgerStore
import Projections

/// What a page reads from: the ledger (held under the session's lock), the view point it is
/// drawn as of and the request's parameters.
struct PageContext {
    let ledger: Ledger
    let point: ViewPoint
    let asOf: String?
    let csrf: String
    let offset: Int32
    let parameters: [String: [String]]
    let lastAudit: LastAudit
    let runningActivities: LogSizeCache<[(name: String, start: Timestamp)]>

    init(request: Request, ledger: Ledger, asOf: String?, csrf: String, offset: Int32, lastAudit: LastAudit,
         runningActivities: LogSizeCache<[(name: String, start: Timestamp)]>, views: ViewStateCache? = nil) throws {
        self.ledger = ledger
        self.asOf = asOf
        self.csrf = csrf
        self.offset = offset
        self.lastAudit = lastAudit
        self.runningActivities = runningActivities
        point = try ViewPoint.parse(asOf, ledger: ledger, offset: offset, views: views)
        var parameters: [String: [String]] = [:]
        for (name, value) in FormFields.pairs(request.uri.query ?? "") { parameters[name, default: []].append(value) }
        self.parameters = parameters
    }

    func parameter(_ name: String) -> String? {
        parameters[name]?.last.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The day pages call today: a `date` parameter, else the local date now.
    func day(_ name: String = "date", default fallback: LocalDay? = nil) throws -> LocalDay {
        guard let text = parameter(name) else { return fallback ?? LocalDay(.now(), utcOffset: offset) }
        guard let day = LocalDay(iso: text) else { throw EntryRejected("\(name) \(text): give a day as YYYY-MM-DD") }
        return day
    }

    /// The hidden field every form carries.
    var csrfField: String { "<input type=\"hidden\" name=\"csrf\" value=\"\(csrf)\">" }

    /// The as-of parameter to keep in links and forms.
    var asOfField: String { asOf.map { "<input type=\"hidden\" name=\"as-of\" value=\"\(Markup.escape($0))\">" } ?? "" }
}
