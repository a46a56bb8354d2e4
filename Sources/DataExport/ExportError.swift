/// Why an export could not be written.
public struct ExportError: Error, CustomStringConvertible {
    private enum Reason {
        case exists(String)
        case unwritable(String)
        case diskFull
    }

    private let reason: Reason
    /// The file or folder the export could not write.
    public let path: String

    private init(_ reason: Reason, path: String) {
        self.reason = reason
        self.path = path
    }

    /// The destination holds something the export would overwrite, for `reason`.
    public static func exists(path: String, reason: String) -> Self { Self(.exists(reason), path: path) }
    /// The system refused to write `path`, for `reason`.
    public static func unwritable(path: String, reason: String) -> Self { Self(.unwritable(reason), path: path) }
    /// The disk filled while writing `path`.
    public static func diskFull(path: String) -> Self { Self(.diskFull, path: path) }

    /// Whether the destination is already taken (`--force` replaces it).
    public var isExisting: Bool {
        if case .exists = reason { true } else { false }
    }

    /// Whether the disk filled (free space and run again).
    public var isDiskFull: Bool {
        if case .diskFull = reason { true } else { false }
    }

    public var description: String {
        switch reason {
        case .exists(let why): "\(path) already exists (\(why)); add --force to replace it, or choose another path"
        case .unwritable(let why): "cannot write \(path): \(why); check that its folder exists and you may write there, then run again"
        case .diskFull: "cannot write \(path): the disk is full; nothing was committed to it, free some space and run again"
        }
    }
}
