import Foundation
import Hummingbird
import Synchronization

/// Server-sent events: each open page hears the log's size whenever it grows (an entry from
/// the CLI, an import in another process), and re-reads itself in place.
final class LiveUpdates: Sendable {
    /// How often the log's size is looked at: a commit shows on open pages within this.
    static let pollInterval = Duration.milliseconds(250)
    /// A stream ends after this long and the browser reconnects: no stream outlives a shutdown.
    static let streamLifetime = Duration.seconds(60)

    private let vault: VaultSession
    private let stopped = Atomic(false)

    init(vault: VaultSession) {
        self.vault = vault
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
    }

    private var isStopped: Bool {
        stopped.load(ordering: .relaxed)
    }

    func response() -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream"
        headers[.cacheControl] = "no-store"
        let body = ResponseBody { writer in
            var seen = self.vault.size()
            try await writer.write(ByteBuffer(string: "retry: 500\nevent: size\ndata: \(seen ?? 0)\n\n"))
            let end = ContinuousClock.now + Self.streamLifetime
            while !self.isStopped, ContinuousClock.now < end, !Task.isCancelled {
                try await Task.sleep(for: Self.pollInterval)
                let size = self.vault.size()
                if size != seen {
                    seen = size
                    try await writer.write(ByteBuffer(string: "event: size\ndata: \(size ?? 0)\n\n"))
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: headers, body: body)
    }
}
