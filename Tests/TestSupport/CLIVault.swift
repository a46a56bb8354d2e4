import Foundation
public import Testing

/// A vault made through the CLI in a temporary folder, with a fast KDF.
public final class CLIVault {
    /// The passphrase in `passphraseFile`, for tests that open the vault themselves.
    public static let passphrase = "e2e passphrase"
    public let root: String
    public let path: String
    public let passphraseFile: String

    public init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("hl-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        path = root + "/vault"
        passphraseFile = root + "/passphrase"
        // The CLI refuses secret files other users may read: tests write theirs private.
        umask(0o077)
        try (Self.passphrase + "\n").write(toFile: passphraseFile, atomically: true, encoding: .utf8)
        let created = try CLI.run(["init", "--vault", path, "--passphrase-file", passphraseFile, "--kdf", "interactive"])
        guard created.status == 0 else { throw CLIError(message: "init failed: \(created.stderr)") }
        initOutput = created.stdout
    }

    public private(set) var initOutput = ""

    /// Runs a command against this vault, unlocked by the passphrase file.
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> CLI.Result {
        try CLI.run(arguments + ["--vault", path, "--passphrase-file", passphraseFile], stdin: stdin, environment: environment)
    }

    /// Runs and requires success.
    @discardableResult
    public func ok(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let result = try run(arguments, stdin: stdin, environment: environment)
        #expect(result.status == 0, "healthledger \(arguments.joined(separator: " ")) → \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// Every event as `log --raw --json` prints it.
    public func rawEvents() throws -> [[String: Any]] {
        try ok(["log", "--raw", "--json"]).split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}
