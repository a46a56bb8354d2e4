import Foundation
import HTTPTypes
import HealthImport
import Hummingbird
import LedgerApplication
import LedgerCore

/// The listener's routes: a POST of Health Auto Export JSON with a device's bearer token,
/// and nothing else. Every answer is JSON about the request itself, never about the ledger.
struct IngestRouter: Sendable {
    let configuration: IngestConfiguration
    let desk: IngestDesk
    let rate: RequestRate

    /// Where the app may post: its REST automation takes any URL.
    static let paths = ["/", "/api/health"]

    func router() -> Router<BasicRequestContext> {
        let router = Router()
        for path in Self.paths {
            router.post(RouterPath(path)) { request, _ in await receive(request) }
            for method in [HTTPRequest.Method.get, .head, .put, .delete, .patch, .options] {
                router.on(RouterPath(path), method: method) { _, _ in
                    IngestAnswer.refusal(.methodNotAllowed, "only POST is answered here: the listener stores health data and reads nothing back",
                                         headers: [.allow: "POST"])
                }
            }
        }
        return router
    }

    /// One delivery: who sends it, how much, then stored whole or not at all.
    func receive(_ request: Request) async -> Response {
        guard let secret = Self.bearer(request.headers[.authorization]) else {
            return IngestAnswer.unauthorized("no token: send the header Authorization: Bearer TOKEN (`healthledger ingest token add NAME` gives one)")
        }
        let token: IngestToken?
        do {
            token = try await desk.token(presenting: secret)
        } catch {
            IngestAnswer.log("could not read the tokens: \(error)")
            return IngestAnswer.refusal(.internalServerError, "the vault could not be read; nothing was stored")
        }
        guard let token else {
            return IngestAnswer.unauthorized("the token is not one in force (unknown or revoked); `healthledger ingest token list` shows those in force")
        }
        guard rate.admit(token.id) else {
            return IngestAnswer.refusal(.tooManyRequests, "more than \(configuration.requestsPerMinute) requests in a minute from this token; try again in a minute",
                                        headers: [.retryAfter: "60"])
        }
        let limit = configuration.maximumBodyBytes
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return tooLarge(length)
        }
        // The bytes go once they are text: a week's body is held once while it is stored, not twice.
        let decoded: String?
        do {
            decoded = String(validating: try await body(of: request), as: UTF8.self)
        } catch let error as HTTPResponseError where error.status == .contentTooLarge {
            return tooLarge(nil)
        } catch is BodyTimeout {
            return IngestAnswer.refusal(.requestTimeout, "the body took longer than \(Int(configuration.bodySeconds)) s to arrive; nothing was stored")
        } catch {
            // A cut connection: no one is left to answer, and nothing of it was stored.
            return IngestAnswer.refusal(.badRequest, "the body could not be read whole (\(error)); nothing was stored")
        }
        guard let text = decoded else {
            return IngestAnswer.badPayload(field: nil, "the body is not UTF-8 text: Health Auto Export posts JSON (export format version 2)")
        }
        do {
            let receipt = try await desk.store(text, from: token)
            return IngestAnswer.stored(receipt)
        } catch let error as ImportError {
            return IngestAnswer.badPayload(field: error.field, error.detail)
        } catch {
            IngestAnswer.log("a delivery from \(token.name) was not stored: \(error)")
            return IngestAnswer.refusal(.internalServerError, "the vault could not store this request; nothing of it was stored, send it again later")
        }
    }

    /// The token of `Authorization: Bearer TOKEN`; nil for anything else.
    static func bearer(_ header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        // A token is 46 characters; anything far longer is not one, and is not hashed.
        guard !token.isEmpty, token.utf8.count <= 256 else { return nil }
        return token
    }

    /// The whole body, up to the limit and within the time allowed.
    private func body(of request: Request) async throws -> [UInt8] {
        let limit = configuration.maximumBodyBytes, seconds = configuration.bodySeconds
        return try await withThrowingTaskGroup(of: [UInt8].self) { group in
            group.addTask {
                var request = request
                let buffer = try await request.collectBody(upTo: limit)
                return Array(buffer.readableBytesView)
            }
            group.addTask {
                try await Task.sleep(for: .seconds(seconds))
                throw BodyTimeout()
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw BodyTimeout() }
            return first
        }
    }

    private func tooLarge(_ length: Int?) -> Response {
        let size = length.map { "\($0) bytes" } ?? "the body"
        return IngestAnswer.refusal(.contentTooLarge, "\(size) is more than the \(configuration.maximumBodyBytes >> 20) MiB one request may carry; send a shorter window")
    }
}

/// The body did not arrive within `IngestConfiguration.bodySeconds`.
struct BodyTimeout: Error {}
