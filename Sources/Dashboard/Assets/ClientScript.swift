/// The little script pages use: when the log grows (server-sent events), the page re-reads
/// itself and swaps its content in place. Nothing is computed here.
enum ClientScript {
    static let javascript = """
        "use strict";
        (function () {
          if (document.body.dataset.live !== "on" || !window.EventSource) return;
          let known = null;
          const source = new EventSource("/events");
          source.addEventListener("size", async (message) => {
            if (known === null) { known = message.data; return; }
            if (message.data === known) return;
            known = message.data;
            const response = await fetch(location.href, { credentials: "same-origin" });
            if (!response.ok) return;
            const page = new DOMParser().parseFromString(await response.text(), "text/html");
            const fresh = page.getElementById("main");
            if (fresh) { document.getElementById("main").replaceWith(fresh); document.body.dataset.updated = known; }
          });
        })();
        """
}
