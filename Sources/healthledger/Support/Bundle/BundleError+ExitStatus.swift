import HealthBundle

extension BundleError {
    /// Each way a bundle fails to open has its own exit code, so a script can say which.
    var exitStatus: ExitStatus {
        switch kind {
        case .wrongSecret: .wrongSecret
        case .headerDamaged: .bundleHeaderDamaged
        case .payloadModified: .bundlePayloadModified
        case .payloadTruncated: .bundlePayloadTruncated
        case .trailingData: .bundleTrailingData
        case .signatureMismatch: .bundleSignatureMismatch
        case .hashMismatch: .bundleHashMismatch
        case .notABundle, .invalidRequest: .invalidInput
        }
    }
}
