import Charts
import Foundation
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore

/// History and audit: the latest events of the log as appended (corrections and retractions
/// are events too), the "as of" picker, and the button that runs the audit.
struct HistoryPage {
    static let defaultLimit: UInt64 = 100

    let context: PageContext

    func render(audit: AuditReport?) throws -> (title: String, html: String) {
        var html = ""
        if let audit {
            context.lastAudit.record(audit)
            let badge = audit.isClean ? "<span class=\"badge good\">audit clean</span>" : "<span class=\"badge bad\">audit FAILED</span>"
            let problems = audit.problems.map { "<li>\(Markup.escape("\($0)"))</li>" }.joined()
            html += "<section class=\"card\" id=\"audit-report\"><h2>Audit report</h2><p>\(badge) \(audit.recordsChecked) records opened and checked"
            if let signed = audit.checkpoint { html += "; signed checkpoint size \(signed.size), root <code>\(Data(signed.rootHash).base64EncodedString())</code>" }
            html += "</p>" + (problems.isEmpty ? "" : "<ul>\(problems)</ul>") + "</section>"
        }
        let total = try context.point.size ?? context.ledger.count()
        let limitText = context.parameter("limit") ?? "\(Self.defaultLimit)"
        guard let limit = UInt64(limitText), limit > 0, limit <= 10_000 else { throw EntryRejected("limit \(limitText): give a number from 1 to 10000") }
        var rows: [StoredEvent] = []
        try context.ledger.forEach(from: total > limit ? total - limit : 0) { stored in
            guard stored.sequence < total else { return false }
            rows.append(stored)
            return true
        }
        html += """
            <section class="card" id="audit"><h2>Audit</h2><p>Opens every record, recomputes the Merkle tree and checks the signed checkpoint.</p>\
            <form method="post" action="/audit">\(context.csrfField)<button id="run-audit">Run the audit</button></form></section>
            <section class="card"><h2>Time travel</h2><form class="entry" method="get" action="/history">\
            <label>As of a date<input type="date" name="as-of" value="\(Markup.escape(context.asOf ?? ""))"></label><button>Show</button></form>\
            <p class="muted">Or a number of events (the log as it was after its first N) in the box at the top; every page keeps it.</p></section>
            """
        let items = rows.reversed().map { stored in
            let event = stored.event
            return "<tr><td><a href=\"/event?id=\(versionsOf(event))\(asOfLink)\">#\(stored.sequence)</a></td><td class=\"when\">\(event.start.iso8601(utcOffset: event.utcOffset))</td><td>\(event.kind.rawValue)</td><td>\(Markup.escape(EventSummary.text(event)))</td></tr>"
        }.joined()
        html += "<section class=\"card scroll\"><h2>The last \(rows.count) of \(total) events</h2>"
            + "<table id=\"log\"><tr><th>#</th><th>When</th><th>Kind</th><th>What</th></tr>\(items)</table></section>"
        return ("History", html)
    }

    private var asOfLink: String { context.asOf.map { "&as-of=" + HTML.query($0) } ?? "" }

    /// The event whose versions a row links to: an amendment's target, else the event itself.
    private func versionsOf(_ event: Event) -> EventID {
        switch event.kind {
        case .eventCorrected: (try? event.decode(EventCorrected.self).target) ?? event.id
        case .eventRetracted: (try? event.decode(EventRetracted.self).target) ?? event.id
        default: event.id
        }
    }
}
