import Foundation
import Hummingbird

/// Server-sent events: each open page hears the log's size whenever it grows (an entry on the
/// dashboard, from the CLI, an import in another process), and re-reads itself in place.
/// The sizes come from the server's one change feed.
struct LiveUpdates: Sendable {
    /// A stream ends after this long and the browser reconnects: no stream outlives a shutdown.
    static let streamLifetime = Duration.seconds(60)

    let feed: ChangeFeed

    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let feed = feed
        let body = ResponseBody { writer in
            let subscription = feed.subscribe(until: .now + Self.streamLifetime)
            // A page that has gone is forgotten when a write to it fails (TCP tells of a closed
            // connection on the write after the first) or when its time is up.
            defer { feed.unsubscribe(subscription.id) }
            try await writer.write(ByteBuffer(string: "retry: 500\nevent: size\ndata: \(subscription.size)\n\n"))
            for await size in subscription.sizes {
                try await writer.write(ByteBuffer(string: "event: size\ndata: \(size)\n\n"))
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
