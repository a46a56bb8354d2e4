import Foundation
import Synchronization

/// Rendered pages, reused while the log has not grown: a page is drawn from the log and the
/// request alone, so the same request on the same log gives the same page. Entries also
/// expire after `lifetime`, for the queries that count back from now (`last 7d`).
final class PageCache: Sendable {
    static let capacity = 64
    static let lifetime: TimeInterval = 30

    private let pages = Mutex<[String: (size: UInt64, made: Date, html: String)]>([:])

    func page(key: String, size: UInt64) -> String? {
        pages.withLock { pages in
            guard let held = pages[key], held.size == size, Date().timeIntervalSince(held.made) < Self.lifetime else { return nil }
            return held.html
        }
    }

    func keep(_ html: String, key: String, size: UInt64) {
        pages.withLock { pages in
            if pages.count >= Self.capacity { pages.removeAll() }
            pages[key] = (size, Date(), html)
        }
    }
}
