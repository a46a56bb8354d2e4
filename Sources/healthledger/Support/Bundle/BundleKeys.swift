import AgeFormat
import Foundation
import LedgerCrypto

/// Whom `export bundle` encrypts to: one passphrase, or age public keys — never both,
/// since age lets a passphrase be a file's only recipient.
struct BundleKeys: CustomStringConvertible {
    let recipients: [AgeRecipient]
    let description: String

    static func forSealing(passphrase: Bool, passphraseFile: String?, recipients texts: [String]) throws -> BundleKeys {
        let passphraseGiven = passphrase || passphraseFile != nil
        guard passphraseGiven != !texts.isEmpty else {
            throw ExitStatus.Failure(
                status: .invalidInput,
                message: passphraseGiven
                    ? "a bundle is sealed with a passphrase or to --recipient keys, not both (age allows a passphrase only alone)"
                    : "say who can open the bundle: --passphrase, --bundle-passphrase-file FILE, or --recipient age1… (repeatable)")
        }
        if passphraseGiven {
            let secret = try passphraseFile.map { try SecretInput.file($0) } ?? SecretInput.promptNew("Passphrase for the bundle: ")
            return BundleKeys(recipients: [.passphrase(secret, workFactor: AgeRecipient.defaultWorkFactor)], description: "a passphrase")
        }
        let recipients = try texts.map { text in
            do { return try AgeRecipient(parsing: text) } catch {
                throw ExitStatus.Failure(status: .invalidInput, message: "--recipient \(text): \(error); an age public key starts with age1")
            }
        }
        return BundleKeys(recipients: recipients, description: recipients.count == 1 ? "1 recipient" : "\(recipients.count) recipients")
    }
}

/// What `open` and `import bundle` try: identity files, a passphrase file, or — when the
/// bundle is sealed with a passphrase and neither is given — a passphrase asked once.
struct BundleSecrets {
    let identityFiles: [String]
    let passphraseFile: String?

    func identities(for path: String) throws -> [AgeIdentity] {
        var identities: [AgeIdentity] = []
        for file in identityFiles {
            guard let contents = FileManager.default.contents(atPath: file) else {
                throw ExitStatus.Failure(status: .noVault, message: "cannot read identity file \(file)")
            }
            do { identities += try AgeIdentity.parseFile(String(decoding: contents, as: UTF8.self)) } catch {
                throw ExitStatus.Failure(status: .invalidInput, message: "\(file): \(error)")
            }
        }
        if let passphraseFile { identities.append(.passphrase(try SecretInput.file(passphraseFile))) }
        if identities.isEmpty, try Self.needsPassphrase(path) {
            do {
                identities.append(.passphrase(try SecretInput.prompt("Passphrase for \(path): ")))
            } catch let failure as ExitStatus.Failure where failure.status == .wrongSecret {
                throw ExitStatus.Failure(status: .wrongSecret, message: "\(path) is sealed with a passphrase and there is no terminal to ask: pass --bundle-passphrase-file FILE")
            }
        }
        return identities
    }

    /// Whether the bundle is sealed with a passphrase, so asking for one makes sense (the age
    /// reader says so from the header before any key is tried); one sealed to keys needs
    /// --identity.
    private static func needsPassphrase(_ path: String) throws -> Bool {
        do {
            _ = try AgeReader(input: AgeFileInput(path: path), identities: [])
        } catch AgeError.passphraseRequired {
            return true
        } catch AgeError.noMatchingIdentity {
            throw ExitStatus.Failure(status: .wrongSecret, message: "\(path) is encrypted to age keys: pass the recipient's identity file with --identity FILE")
        } catch let error as AgeFileError {
            throw ExitStatus.Failure(status: error.exitStatus, message: "\(error)")
        } catch {
            // Not a bundle at all, or damaged: opening it names what is wrong.
        }
        return false
    }

    /// A vault signing key as `open` prints it (base64 of 32 bytes).
    static func signerKey(_ text: String) throws -> [UInt8] {
        guard let key = Data(base64Encoded: text), key.count == 32 else {
            throw ExitStatus.Failure(status: .invalidInput, message: "--signer \(text) is not a vault key: give the base64 key `healthledger open` prints")
        }
        return Array(key)
    }
}
