import AgeFormat
import HealthBundle
import HealthImport
import LedgerApplication
import LedgerCore
import LedgerCrypto
import LedgerStore

/// The process exit codes, one per kind of failure, so scripts can tell them apart.
enum ExitStatus: Int32, CaseIterable {
    case success = 0
    case auditFailed = 10
    case rolledBack = 11
    case truncatedVault = 12
    case needsReplay = 13
    case bundleHeaderDamaged = 20
    case bundlePayloadModified = 21
    case bundlePayloadTruncated = 22
    case bundleTrailingData = 23
    case bundleSignatureMismatch = 24
    case bundleHashMismatch = 25
    case shareLinkDamaged = 30
    case shareLinkSignatureMismatch = 31
    case shareLinkUnknownKey = 32
    case invalidInput = 65
    case noVault = 66
    case vaultExists = 73
    case ioError = 74
    case diskFull = 75
    case wrongSecret = 77
    case newerFormat = 78

    static let summary = allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: ", ") + ", 64 usage"

    var meaning: String {
        switch self {
        case .success: "ok"
        case .auditFailed: "audit found tampering or damage"
        case .rolledBack: "vault rolled back / history rewritten"
        case .truncatedVault: "vault file truncated"
        case .needsReplay: "a view needs `healthledger replay` (algorithm changed or its stored state is damaged)"
        case .bundleHeaderDamaged: "bundle header tampered"
        case .bundlePayloadModified: "bundle payload modified"
        case .bundlePayloadTruncated: "bundle payload truncated"
        case .bundleTrailingData: "data after the end of the bundle"
        case .bundleSignatureMismatch: "bundle signature mismatch"
        case .bundleHashMismatch: "bundle file hash mismatch"
        case .shareLinkDamaged: "shared link damaged or cut short"
        case .shareLinkSignatureMismatch: "shared link changed after it was signed"
        case .shareLinkUnknownKey: "shared link signed by another key than the friend's earlier links"
        case .invalidInput: "invalid input"
        case .noVault: "no vault or input file"
        case .vaultExists: "vault already exists"
        case .ioError: "I/O error"
        case .diskFull: "disk full"
        case .wrongSecret: "wrong passphrase, keyfile or recovery code"
        case .newerFormat: "vault from a newer version"
        }
    }

    /// A failure with its message and status, thrown by commands.
    struct Failure: Error {
        let status: ExitStatus
        let message: String
    }

    static func classify(_ error: any Error) -> ExitStatus? {
        switch error {
        case let error as LedgerStoreError:
            switch error.kind {
            case .noVault: .noVault
            case .vaultExists: .vaultExists
            case .newerFormat: .newerFormat
            case .locked: .wrongSecret
            case .truncatedFile: .truncatedVault
            case .invalidEvent: .invalidInput
            case .storage: error.isDiskFull ? .diskFull : .ioError
            case .unreadableRecord, .malformedLogKey: .auditFailed
            case .damagedView: .needsReplay
            case .tampered: .auditFailed
            case .rolledBack: .rolledBack
            case .corruptHeader: .auditFailed
            case .callback: error.callbackError.flatMap(classify) ?? .ioError
            default: .ioError
            }
        case is ValidationError, is JSONError, is TimeParseError, is QuantityError, is EntryRejected: .invalidInput
        case is KeySlotError: .wrongSecret
        case let error as ImportError: error.isMalformed ? .invalidInput : error.isMissing ? .noVault : .ioError
        case let error as BlobError: error.isDamaged ? .auditFailed : .invalidInput
        case is CheckpointError: .invalidInput
        case let error as AgeError: error.exitStatus
        case let error as AgeFileError: error.exitStatus
        case let error as BundleError: error.exitStatus
        default: nil
        }
    }
}
