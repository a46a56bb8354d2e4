import LedgerCore

extension Environment {
    /// Below this much free space, a failed write is taken for a full disk.
    static let nearlyFull = 1 << 20

    /// Bytes an unprivileged writer may still use on the vault's file system, if known.
    var freeBytes: Int? { Platform.availableBytes(at: path) }
}
