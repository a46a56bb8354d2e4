import Charts
/// The frame every page shares: navigation, the "as of" picker, and the live-update hook.
struct PageLayout {
    static let sections: [(path: String, title: String)] = [
        ("/", "Today"), ("/metrics", "Metrics"), ("/sleep", "Sleep"), ("/weight", "Weight"), ("/timeline", "Timeline"), ("/vitals", "Vitals"),
        ("/models", "Face models"), ("/query", "Query"), ("/entry", "Quick entry"), ("/history", "History"),
    ]

    let title: String
    let path: String
    let asOf: String?
    let csrf: String
    /// Whether the page re-reads itself when the log grows (not a form being filled in).
    var live = true

    func render(_ main: String) -> String {
        let nav = Self.sections.map { section in
            let current = section.path == path ? " aria-current=\"page\"" : ""
            return "<a href=\"\(section.path)\(asOfQuery)\"\(current)>\(section.title)</a>"
        }.joined()
        let asOfBanner = asOf.map { "<p class=\"asof-banner\">As the ledger knew it at <strong>\(Markup.escape($0))</strong> · <a href=\"\(path)\">back to now</a></p>" } ?? ""
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="csrf" content="\(csrf)"><title>\(Markup.escape(title)) · HealthLedger</title>
            <link rel="stylesheet" href="/assets/app.css"><link rel="icon" href="data:,">
            <script src="/assets/app.js" defer></script></head>
            <body data-live="\(asOf == nil && live ? "on" : "off")">
            <header class="top"><span class="brand">HealthLedger</span><nav>\(nav)</nav>
            <form class="asof" method="get" action="\(path)"><label>As of <input name="as-of" value="\(Markup.escape(asOf ?? ""))" placeholder="date or #events" size="12"></label><button>Show</button></form>
            </header>
            <main id="main"><h1>\(Markup.escape(title))</h1>\(asOfBanner)\(main)</main>
            <footer>Private: served only to this computer; nothing leaves it.</footer>
            </body></html>
            """
    }

    private var asOfQuery: String { asOf.map { "?as-of=" + HTML.query($0) } ?? "" }
}
