import Charts
import Foundation
import LedgerApplication
import LedgerCore
import LedgerStore

/// One event's versions, as `show` lists them: how it reads now, the original as appended,
/// and every correction and retraction after it, each with when it was recorded. As of an
/// earlier point, only the amendments the log held then count.
struct EventPage {
    let context: PageContext

    func render() throws -> (title: String, html: String) {
        let text = context.parameter("id") ?? ""
        guard let id = EventID(hex: text) else { throw EntryRejected("id \(text): give an event id (32 hex digits, as History links them)") }
        guard let found = try CurrentView.current(context.ledger, id: id), found.stored.sequence < (context.point.size ?? .max) else {
            throw EntryRejected("no event with id \(text) in this vault\(context.asOf.map { " as of \($0)" } ?? "")")
        }
        let current = CurrentView.apply(found.amendments.filter { $0.sequence < (context.point.size ?? .max) }, to: found.stored)
        let event = current.event
        let state = current.isRetracted ? "<span class=\"badge bad\">retracted</span>" : current.isCorrected ? "<span class=\"badge good\">corrected</span>" : ""
        var html = """
            <section class="card" id="event-now"><h2>#\(current.stored.sequence) \(event.kind.rawValue) \(state)</h2>\
            <p>\(Markup.escape(EventSummary.text(event)))</p><table>\
            <tr><th>id</th><td><code>\(event.id)</code></td></tr>\
            <tr><th>start</th><td>\(event.start.iso8601(utcOffset: event.utcOffset))</td></tr>\
            \(event.end.map { "<tr><th>end</th><td>\($0.iso8601(utcOffset: event.utcOffset))</td></tr>" } ?? "")\
            <tr><th>recorded</th><td>\(event.recordedAt.iso8601(utcOffset: event.utcOffset))</td></tr>\
            <tr><th>source</th><td>\(Markup.escape([event.source.name, event.source.device, event.source.version].compactMap { $0 }.joined(separator: " · ")))</td></tr>\
            <tr><th>payload now</th><td><code>\(Markup.escape(JSONWriter.string(event.payload)))</code></td></tr></table></section>
            """
        let original = current.stored.event
        var versions = [version(number: "#\(current.stored.sequence)", what: "original", at: original.recordedAt, offset: original.utcOffset,
                                content: "<code>\(Markup.escape(JSONWriter.string(original.payload)))</code>")]
        for amendment in current.amendments {
            versions.append(version(number: "#\(amendment.sequence)", what: amendment.event.kind.rawValue, at: amendment.event.recordedAt,
                                    offset: original.utcOffset, content: try change(amendment.event)))
        }
        html += """
            <section class="card"><h2>Versions</h2><ul class="plain versions" id="versions">\(versions.joined())</ul>\
            \(current.amendments.isEmpty ? "<p class=\"muted\">Never corrected or retracted.</p>" : "")</section>
            """
        return ("Event #\(current.stored.sequence)", html)
    }

    private func version(number: String, what: String, at recorded: Timestamp, offset: Int32, content: String) -> String {
        "<li><strong>\(number) \(Markup.escape(what))</strong> <span class=\"muted\">recorded \(recorded.iso8601(utcOffset: offset))</span><div>\(content)</div></li>"
    }

    /// What an amendment did: the payload a correction put in place, or the retraction, with its reason.
    private func change(_ amendment: Event) throws -> String {
        let (text, reason): (String, String?)
        if amendment.kind == .eventCorrected {
            let correction = try amendment.decode(EventCorrected.self)
            (text, reason) = ("<code>\(Markup.escape(JSONWriter.string(correction.payload)))</code>", correction.reason)
        } else {
            (text, reason) = ("withdrawn", try amendment.decode(EventRetracted.self).reason)
        }
        return text + (reason.map { " <span class=\"muted\">· reason: \(Markup.escape($0))</span>" } ?? "")
    }
}
