import AgeFormat
import Foundation

/// Streams a file through AgeWriter or AgeReader, for Tools/bench-age.sh to time beside `age`.
///
///     age-bench encrypt age1… INPUT OUTPUT
///     age-bench decrypt IDENTITY-FILE INPUT OUTPUT
@main
enum AgeBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 4 else {
            FileHandle.standardError.write(Data("usage: age-bench encrypt|decrypt KEY INPUT OUTPUT\n".utf8))
            exit(64)
        }
        let (mode, key, input, output) = (arguments[1], arguments[2], arguments[3], arguments[4])
        let source = try AgeFileInput(path: input)
        let sink = try AgeFileOutput(path: output, permissions: 0o644, overwrite: true)
        switch mode {
        case "encrypt":
            let writer = try AgeWriter(recipients: [AgeRecipient(parsing: key)], output: sink)
            try writer.write(contentsOf: source)
            try writer.finish()
        case "decrypt":
            let identities = try AgeIdentity.parseFile(String(contentsOfFile: key, encoding: .utf8))
            try AgeReader(input: source, identities: identities).decrypt(to: sink)
        default:
            FileHandle.standardError.write(Data("age-bench: the mode is encrypt or decrypt, not \(mode)\n".utf8))
            exit(64)
        }
    }
}
