import AgeFormat
import LedgerCore

extension AgeError {
    /// Wrong keys exit like a wrong vault passphrase, a changed or damaged file like a failed
    /// audit, and a file this program cannot read as invalid input.
    var exitStatus: ExitStatus {
        switch self {
        case .noMatchingIdentity, .passphraseRequired, .wrongPassphrase: .wrongSecret
        case .headerMACMismatch, .payloadChunkFailed, .payloadTruncated, .emptyFinalChunk, .dataAfterFinalChunk: .auditFailed
        case .unsupportedRecipientTypes, .unsupportedVersion, .headerMalformed, .armorMalformed, .workFactorTooHigh, .invalidKey, .invalidRecipients:
            .invalidInput
        }
    }
}

extension AgeFileError {
    /// An output that exists exits like an existing vault, a missing input like a missing file.
    var exitStatus: ExitStatus {
        switch SystemCallFailure(code: code) {
        case .fileExists: .vaultExists
        case .noSuchFile: .noVault
        case .noSpace: .diskFull
        default: .ioError
        }
    }
}
