import Foundation
import LedgerCore
import LedgerStore

/// Writes the image an event refers to out of the vault's blob store.
enum ImageOutput {
    static func write(_ event: Event, from ledger: Ledger, to path: String) throws {
        guard case .string(let name)? = event.payload["imageBlob"] else {
            throw ExitStatus.Failure(status: .invalidInput, message: "event \(event.id) (\(event.kind.rawValue)) has no image")
        }
        let bytes = try ledger.blob(named: name)
        try PrivateFile.writeOutput(bytes, to: path)
        FileHandle.standardError.write(Data("wrote the image (\(bytes.count) bytes) to \(path)\n".utf8))
    }
}
