import Foundation
import Glibc
import Synchronization
import TestSupport

/// One open `/events` stream, as a browser's `EventSource` holds it: the request is sent once
/// and the answer read as it comes, on a thread of its own (the socket blocks), until `close()`.
final class EventStreamClient: Sendable {
    private let socket: Int32
    /// The bytes received so far, and whether the server has ended the stream.
    private let received = Mutex<(bytes: [UInt8], ended: Bool)>(([], false))
    private let closing = Atomic(false)
    private let readerDone = Atomic(false)
    private let socketClosed = Atomic(false)

    init(port: Int, host: String, cookie: String) throws {
        // Short reads, so that `close()` is noticed without waiting for the server.
        socket = try LoopbackHTTP.connected(port: port, receiveTimeout: timeval(tv_sec: 0, tv_usec: 100_000))
        let request = Array("GET /events HTTP/1.1\r\nHost: \(host)\r\nCookie: \(cookie)\r\nAccept: text/event-stream\r\n\r\n".utf8)
        let sent = request.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == request.count else {
            Glibc.close(socket)
            throw HarnessError("send: errno \(errno)")
        }
        Thread { self.read() }.start()
    }

    deinit {
        if !socketClosed.load(ordering: .relaxed) { Glibc.close(socket) }
    }

    private func read() {
        defer { readerDone.store(true, ordering: .releasing) }
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !closing.load(ordering: .relaxed) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received.withLock { $0.bytes += buffer[0..<count] }
            } else if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                received.withLock { $0.ended = true }
                return
            }
        }
    }

    /// Closes the connection, as a browser does when the page goes away.
    func close() async {
        closing.store(true, ordering: .relaxed)
        while !readerDone.load(ordering: .acquiring) { try? await Task.sleep(for: .milliseconds(10)) }
        if !socketClosed.exchange(true, ordering: .relaxed) { Glibc.close(socket) }
    }

    /// Whether the server has ended the stream.
    var ended: Bool { received.withLock { $0.ended } }

    /// The response's head (status line and headers).
    var head: String {
        let text = received.withLock { String(decoding: $0.bytes, as: UTF8.self) }
        return text.range(of: "\r\n\r\n").map { String(text[..<$0.lowerBound]) } ?? ""
    }

    /// The body so far, its chunked framing taken off: the event-stream text as the browser reads it.
    var body: String {
        let bytes = received.withLock { $0.bytes }
        let crlf: [UInt8] = [13, 10]
        guard let headEnd = bytes.firstRange(of: crlf + crlf) else { return "" }
        var rest = bytes[headEnd.upperBound...]
        guard head.lowercased().contains("transfer-encoding: chunked") else { return String(decoding: rest, as: UTF8.self) }
        var body: [UInt8] = []
        while let sizeEnd = rest.firstRange(of: crlf),
              let size = Int(String(decoding: rest[..<sizeEnd.lowerBound], as: UTF8.self), radix: 16), size > 0,
              rest.endIndex - sizeEnd.upperBound >= size + 2 {
            body += rest[sizeEnd.upperBound..<(sizeEnd.upperBound + size)]
            rest = rest[(sizeEnd.upperBound + size + 2)...]
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The messages received whole, each with its blank line.
    var messages: [String] {
        body.components(separatedBy: "\n\n").dropLast().map { $0 + "\n\n" }
    }

    /// The sizes the `size` events carried, in order.
    var sizes: [UInt64] {
        messages.compactMap { message in
            let lines = message.split(separator: "\n")
            guard lines.contains("event: size") else { return nil }
            return lines.first { $0.hasPrefix("data: ") }.flatMap { UInt64($0.dropFirst(6)) }
        }
    }

    /// Waits until `count` sizes have come, or `seconds` have passed; returns the sizes received.
    @discardableResult
    func waitForSizes(_ count: Int, within seconds: Double) async -> [UInt64] {
        let deadline = Date().addingTimeInterval(seconds)
        while sizes.count < count, Date() < deadline, !ended { try? await Task.sleep(for: .milliseconds(10)) }
        return sizes
    }
}
