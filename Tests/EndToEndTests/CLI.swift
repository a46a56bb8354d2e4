import Foundation
import Testing

/// Runs the built `healthledger` binary the way a person or a script would.
struct CLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    static let binary: String = {
        if let path = ProcessInfo.processInfo.environment["HEALTHLEDGER_BIN"] { return path }
        // Test bundles sit beside the products they test in the build folder.
        var directory = Bundle.main.bundleURL
        if directory.pathExtension == "xctest" { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("healthledger").path
    }()

    /// Runs to completion and captures both streams.
    @discardableResult
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], executable: String = binary) throws -> Result {
        let process = try start(arguments, environment: environment, executable: executable)
        if let stdin { try? process.input.fileHandleForWriting.write(contentsOf: Data(stdin.utf8)) }
        try? process.input.fileHandleForWriting.close()
        let output = drain(process.output.fileHandleForReading)
        let errors = drain(process.errors.fileHandleForReading)
        process.process.waitUntilExit()
        return Result(
            status: process.process.terminationStatus,
            stdout: String(decoding: output, as: UTF8.self), stderr: String(decoding: errors, as: UTF8.self))
    }

    /// Reads a pipe to its end, retrying reads a signal interrupts (Foundation's
    /// `readDataToEndOfFile` traps on EINTR when many children run at once).
    static func drain(_ handle: FileHandle) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = read(handle.fileDescriptor, &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                return data
            }
        }
    }

    struct Running {
        let process: Process
        let input: Pipe
        let output: Pipe
        let errors: Pipe
    }

    /// `executable` is the CLI unless a test runs it through another program (a shell).
    static func start(_ arguments: [String], environment: [String: String] = [:], executable: String = binary) throws -> Running {
        // Tests kill children mid-write; a closed pipe must be an error, not a signal.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw CLIError(message: "no healthledger binary at \(binary): run `swift build` first, or set HEALTHLEDGER_BIN")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["HEALTHLEDGER_VAULT"] = nil
        // Checkpoint witnesses of test vaults go to a scratch folder, not the user's state.
        merged["XDG_STATE_HOME"] = FileManager.default.temporaryDirectory.appendingPathComponent("hl-test-state").path
        merged.merge(environment) { $1 }
        process.environment = merged
        let running = Running(process: process, input: Pipe(), output: Pipe(), errors: Pipe())
        process.standardInput = running.input
        process.standardOutput = running.output
        process.standardError = running.errors
        try process.run()
        return running
    }
}

struct CLIError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A vault made through the CLI in a temporary folder, with a fast KDF.
final class CLIVault {
    let root: String
    let path: String
    let passphraseFile: String

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        path = root + "/vault"
        passphraseFile = root + "/passphrase"
        // The CLI refuses secret files other users may read: tests write theirs private.
        umask(0o077)
        try "e2e passphrase\n".write(toFile: passphraseFile, atomically: true, encoding: .utf8)
        let created = try CLI.run(["init", "--vault", path, "--passphrase-file", passphraseFile, "--kdf", "interactive"])
        guard created.status == 0 else { throw CLIError(message: "init failed: \(created.stderr)") }
        initOutput = created.stdout
    }

    private(set) var initOutput = ""

    /// Runs a command against this vault, unlocked by the passphrase file.
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(arguments + ["--vault", path, "--passphrase-file", passphraseFile], stdin: stdin, environment: environment)
    }

    /// Runs and requires success.
    @discardableResult
    func ok(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try run(arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "healthledger \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Every event as `log --raw --json` prints it.
    func rawEvents() throws -> [[String: Any]] {
        try ok(["log", "--raw", "--json"]).split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

/// Writes a secret file others may not read, whatever the process's umask (which other
/// tests in this process may or may not have set yet): the CLI refuses any other.
func writeSecret(_ text: String, toFile path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
}
