import Foundation
import Glibc
import LedgerCrypto

/// Reads passphrases from files or the terminal without echo, straight into locked memory.
enum SecretInput {
    /// The file's first line (or, for keyfiles, all of its bytes). `-`, `/dev/stdin` and
    /// `<(echo …)` read a pipe: only this process holds its other end, so no mode to check.
    static func file(_ path: String, wholeFile: Bool = false) throws -> SecretBytes {
        var data: [UInt8]
        if path == "-" || isPipe(path) {
            data = try readPipe(path)
        } else {
            try requirePrivate(path)
            guard let contents = FileManager.default.contents(atPath: path).map(Array.init) else {
                throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file or not readable")
            }
            data = contents
        }
        defer { wipe(&data) }
        if !wholeFile, let newline = data.firstIndex(of: 0x0a) {
            data.removeSubrange(newline...)
            if data.last == 0x0d { data.removeLast() }
        }
        guard !data.isEmpty else { throw ExitStatus.Failure(status: .invalidInput, message: "\(path) is empty") }
        return SecretBytes(consuming: &data)
    }

    /// The most a piped secret may hold: a keyfile is 64 bytes, a passphrase a line.
    static let pipeLimit = 1 << 16

    static func isPipe(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO
    }

    private static func readPipe(_ path: String) throws -> [UInt8] {
        let descriptor = path == "-" ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { if descriptor != STDIN_FILENO { close(descriptor) } }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        defer { wipe(&buffer) }
        while data.count <= pipeLimit {
            let count = read(descriptor, &buffer, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                wipe(&data)
                throw ExitStatus.Failure(status: .ioError, message: "cannot read \(path): \(String(cString: strerror(errno)))")
            }
            data.append(contentsOf: buffer[0..<count])
        }
        guard data.count <= pipeLimit else {
            wipe(&data)
            throw ExitStatus.Failure(status: .invalidInput, message: "\(path) gives more than \(pipeLimit) bytes: a passphrase is one line, a keyfile 64 bytes")
        }
        return data
    }

    /// Refuses a secret file that other users may read or change, the way ssh refuses such
    /// a private key: a passphrase others can read protects nothing.
    static func requirePrivate(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw ExitStatus.Failure(status: .noVault, message: "cannot read \(path): no such file or not readable")
        }
        let mode = info.st_mode & 0o777
        guard mode & 0o077 == 0 else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: "\(path) holds a secret but other users may read or change it (mode \(String(mode, radix: 8))); run `chmod 600 \(path)` and try again")
        }
    }

    /// Asks on the terminal with echo off.
    static func prompt(_ message: String) throws -> SecretBytes {
        let terminal = open("/dev/tty", O_RDWR)
        guard terminal >= 0 else {
            throw ExitStatus.Failure(
                status: .noTerminal,
                message: "this needs a terminal to ask for the passphrase, or --passphrase-file FILE (`-` reads it from a pipe), or a vault unlocked by `healthledger unlock`")
        }
        defer { close(terminal) }
        _ = message.withCString { write(terminal, $0, strlen($0)) }
        var saved = termios()
        tcgetattr(terminal, &saved)
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        tcsetattr(terminal, TCSAFLUSH, &silent)
        defer {
            tcsetattr(terminal, TCSAFLUSH, &saved)
            _ = write(terminal, "\n", 1)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(terminal, &byte, 1) == 1, byte != 0x0a { bytes.append(byte) }
        if bytes.last == 0x0d { bytes.removeLast() }
        guard !bytes.isEmpty else { throw ExitStatus.Failure(status: .invalidInput, message: "an empty passphrase is not allowed") }
        return SecretBytes(consuming: &bytes)
    }

    /// Asks twice and insists both agree.
    static func promptNew(_ message: String) throws -> SecretBytes {
        let first = try prompt(message)
        let second = try prompt("Again: ")
        let same = first.withBytes { a in second.withBytes { b in constantTimeEqual(Array(a), Array(b)) } }
        guard same else { throw ExitStatus.Failure(status: .invalidInput, message: "the two passphrases differ; nothing was changed") }
        return first
    }
}
