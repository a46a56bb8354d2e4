/// The one stylesheet: system fonts only (nothing fetched), light and dark by
/// `prefers-color-scheme`.
enum StyleSheet {
    static let css = """
        :root { --bg: #f6f7f9; --card: #ffffff; --ink: #1b1f24; --muted: #5b6470; --line: #d9dde3; --accent: #2563eb;
          --good: #15803d; --bad: #b91c1c; --on-accent: #ffffff; color-scheme: light dark; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #111418; --card: #1b2027; --ink: #e8ebef; --muted: #9aa4b1; --line: #2e3540; --accent: #7aa7ff;
            --good: #4ade80; --bad: #f87171; --on-accent: #0b1220; } }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--ink); font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        header.top { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem 1.5rem; padding: .75rem 1.25rem;
          background: var(--card); border-bottom: 1px solid var(--line); }
        .brand { font-weight: 700; font-size: 1.1rem; }
        nav { display: flex; flex-wrap: wrap; gap: .25rem; }
        nav a { color: var(--muted); text-decoration: none; padding: .3rem .6rem; border-radius: .4rem; }
        nav a[aria-current] { color: var(--ink); background: var(--bg); font-weight: 600; }
        nav a:hover { color: var(--accent); }
        form.asof { margin-left: auto; display: flex; gap: .4rem; align-items: center; font-size: .9rem; color: var(--muted); }
        main { max-width: 1100px; margin: 0 auto; padding: 1.25rem; }
        h1 { font-size: 1.6rem; margin: .25rem 0 1rem; }
        h2 { font-size: 1.1rem; margin: 0 0 .6rem; }
        a { color: var(--accent); }
        .asof-banner { background: #fef3c7; color: #713f12; padding: .5rem .8rem; border-radius: .4rem; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: .9rem; margin-bottom: 1.2rem; }
        .card { background: var(--card); border: 1px solid var(--line); border-radius: .6rem; padding: .9rem 1rem; margin-bottom: 1rem; }
        .grid .card { margin: 0; }
        .grid.wide { grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); }
        .metric .label { color: var(--muted); font-size: .85rem; }
        .metric .value { font-size: 1.7rem; font-weight: 650; font-variant-numeric: tabular-nums; }
        .metric .unit { color: var(--muted); font-size: .9rem; margin-left: .2rem; }
        svg.spark { width: 100%; height: 36px; display: block; }
        svg.spark polyline { fill: none; stroke: var(--accent); stroke-width: 1.5; }
        svg.spark circle { fill: var(--accent); }
        figure { margin: 0 0 1rem; }
        .chart { background: #fff; border-radius: .6rem; padding: .3rem; overflow-x: auto; }
        .chart svg { width: 100%; min-width: 620px; height: auto; display: block; }
        table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; font-size: .92rem; }
        th, td { text-align: left; padding: .35rem .6rem; border-bottom: 1px solid var(--line); }
        th { color: var(--muted); font-weight: 600; }
        table.numeric td + td, table.numeric th + th { text-align: right; }
        td.when { white-space: nowrap; }
        .scroll { overflow-x: auto; }
        .muted { color: var(--muted); }
        .badge { display: inline-block; padding: .15rem .55rem; border-radius: 1rem; font-size: .85rem; font-weight: 600; }
        .badge.good { background: color-mix(in srgb, var(--good) 18%, transparent); color: var(--good); }
        .badge.bad { background: color-mix(in srgb, var(--bad) 18%, transparent); color: var(--bad); }
        pre { background: var(--bg); border: 1px solid var(--line); padding: .7rem; border-radius: .4rem; overflow-x: auto; font-size: .9rem; white-space: pre-wrap; }
        pre.error { border-color: var(--bad); color: var(--bad); }
        input, select, textarea, button { font: inherit; color: inherit; }
        input, select, textarea { background: var(--card); border: 1px solid var(--line); border-radius: .35rem; padding: .35rem .5rem; }
        button { background: var(--accent); color: var(--on-accent); font-weight: 600; border: 0; border-radius: .35rem; padding: .4rem .9rem; cursor: pointer; }
        form.entry { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
        form.entry label { display: flex; flex-direction: column; font-size: .85rem; color: var(--muted); }
        .notice { padding: .6rem .8rem; border-radius: .4rem; margin-bottom: 1rem; }
        .notice.good { background: color-mix(in srgb, var(--good) 15%, transparent); }
        .notice.bad { background: color-mix(in srgb, var(--bad) 15%, transparent); color: var(--bad); }
        ul.plain { list-style: none; padding: 0; margin: 0; }
        ul.plain li { padding: .25rem 0; border-bottom: 1px solid var(--line); }
        ul.plain li:last-child { border: 0; }
        textarea.query { width: 100%; font-family: ui-monospace, monospace; }
        .columns { columns: 3 240px; font-size: .88rem; }
        .columns label { display: block; }
        .kind { font-size: .8rem; font-weight: 600; padding: .1rem .5rem; border-radius: 1rem; background: var(--bg); border: 1px solid var(--line); }
        .grid.pair { grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); }
        .split { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); gap: .9rem; }
        .split > * { margin: 0; }
        @media (max-width: 900px) { .split { grid-template-columns: minmax(0, 1fr); } }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: .9rem; }
        .session-card { margin: 0; }
        .session-card svg { width: 100%; height: auto; display: block; }
        .meter { display: inline-block; width: 60px; height: 8px; background: var(--line); border-radius: 4px; vertical-align: middle; overflow: hidden; }
        .meter span { display: block; height: 100%; background: var(--accent); }
        \(stride(from: 0, through: 10, by: 1).map { ".meter-\($0) { width: \($0 * 10)%; }" }.joined(separator: " "))
        td code, .versions code { word-break: break-all; font-size: .85rem; }
        footer { text-align: center; color: var(--muted); font-size: .8rem; padding: 1.5rem; }
        @media (max-width: 600px) { form.asof { margin-left: 0; } h1 { font-size: 1.35rem; } .metric .value { font-size: 1.35rem; }
          main { padding: .8rem; } .grid { grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .6rem; }
          .card { padding: .7rem .75rem; } .wide-only { display: none; } }
        """
}
