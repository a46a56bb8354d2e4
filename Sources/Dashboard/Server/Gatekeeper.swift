import Foundation
import Synchronization

/// Who may use the dashboard: whoever opened the one-time URL first. It trades that URL's
/// token for a session cookie and holds the session's CSRF token.
public final class Gatekeeper: Sendable {
    public static let cookieName = "hl_session"

    private struct Admission {
        var oneTimeToken: String?
        var sessions: [String: String] = [:]
        var redeemed: [@Sendable () -> Void] = []
    }

    private let admission: Mutex<Admission>

    /// The token the printed URL carries.
    public let launchToken: String

    public init() {
        launchToken = Self.randomToken()
        admission = Mutex(Admission(oneTimeToken: launchToken))
    }

    /// A new session (its cookie value and CSRF token) for `token`, once: the second use of the
    /// printed URL is refused.
    func redeem(_ token: String) -> (session: String, csrf: String)? {
        admission.withLock { admission in
            guard let expected = admission.oneTimeToken, Self.equal(token, expected) else { return nil }
            admission.oneTimeToken = nil
            let session = Self.randomToken(), csrf = Self.randomToken()
            admission.sessions[session] = csrf
            for action in admission.redeemed { action() }
            admission.redeemed = []
            return (session, csrf)
        }
    }

    /// Runs `action` once the printed URL's token has been traded for a session (at once if it has).
    public func whenRedeemed(_ action: @escaping @Sendable () -> Void) {
        admission.withLock { admission in
            if admission.oneTimeToken == nil { action() } else { admission.redeemed.append(action) }
        }
    }

    /// The CSRF token of a live session; nil for an unknown cookie.
    func csrf(forSession session: String) -> String? {
        admission.withLock { admission in admission.sessions.first { Self.equal($0.key, session) }?.value }
    }

    /// 32 bytes from the kernel's CSPRNG (`SystemRandomNumberGenerator` is getrandom on Linux).
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// Compares without leaking, through timing, how much of a guess was right.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8), right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        return zip(left, right).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

