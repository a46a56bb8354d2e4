public import Foundation
import Glibc

/// HTTP/1.1 over loopback as raw bytes, one connection per request, so that a test sends
/// exactly the headers it means (or cuts a body short). The socket blocks: callers in async
/// tests run it on a thread of their own.
public enum LoopbackHTTP {
    /// A TCP socket connected to 127.0.0.1:`port`, whose reads wait at most `receiveTimeout`;
    /// the caller closes it.
    public static func connected(port: Int, receiveTimeout: timeval) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw CLIError(message: "socket: errno \(errno)") }
        var timeout = receiveTimeout
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            close(socket)
            throw CLIError(message: "connect: errno \(code)")
        }
        return socket
    }

    /// Sends `request` to 127.0.0.1:`port` and returns what the server answered before it
    /// closed (60 s at most); with `sendOnly`, closes right after sending and returns "".
    public static func exchange(port: Int, request: [UInt8], sendOnly: Bool = false) throws -> String {
        let socket = try connected(port: port, receiveTimeout: timeval(tv_sec: 60, tv_usec: 0))
        defer { close(socket) }
        var written = 0
        while written < request.count {
            let sent = request[written...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            // A server may answer (413) and close before it has read a large body.
            guard sent > 0 else { break }
            written += sent
        }
        if sendOnly { return "" }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else {
                if count < 0 { throw CLIError(message: "recv: errno \(errno) (no answer within 60 s?)") }
                break
            }
            received += buffer[0..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// A loopback port nothing listens on now.
    public static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw CLIError(message: "no free port: errno \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
