import AgeFormat
import ArgumentParser
import Cohort
import Foundation
import LedgerCore
import LedgerCrypto

/// `healthledger cohort keygen FILE`: a new study key.
struct CohortKeygen: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keygen",
        abstract: "Make a study key: 32 random bytes as 64 hex characters, in a new file readable only by you.",
        discussion: """
            The key turns each participant's vault id into the same pseudonym on every build (and into \
            another one under another study's key). Keep it secret and keep it safe: with it, anyone \
            holding a participant's vault id can find that participant in the dataset; without it, \
            the dataset cannot be added to under the same pseudonyms. Any 32 random bytes in hex will \
            do, e.g. `head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \\n' > study.key; chmod 600 study.key`.
            """)
    @Argument(help: "The key file to write (mode 0600; an existing file is never replaced).", completion: .file()) var file: String
    @OptionGroup var json: JSONOutput

    func run() throws {
        var contents = Array(StudyKey.generate().fileText.utf8)
        defer { wipe(&contents) }
        let output = try AgeFileOutput(path: file, permissions: 0o600)
        try contents.withUnsafeBytes { try output.write($0) }
        try output.synchronize()
        guard json.json else { return print("wrote a study key to \(file)") }
        json.print(["file": .string(file)])
    }
}
