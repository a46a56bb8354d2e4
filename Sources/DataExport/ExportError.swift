/// Why an export could not be written.
public enum ExportError: Error, CustomStringConvertible {
    /// The destination holds something the export would overwrite.
    case exists(path: String, reason: String)
    case unwritable(path: String, reason: String)
    case diskFull(path: String)

    public var description: String {
        switch self {
        case .exists(let path, let reason): "\(path) already exists (\(reason)); add --force to replace it, or choose another path"
        case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
        case .diskFull(let path): "cannot write \(path): the disk is full; nothing was committed to it, free some space and run again"
        }
    }
}
