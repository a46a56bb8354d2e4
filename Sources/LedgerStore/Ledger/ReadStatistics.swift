public import Synchronization

/// What this process read from the vault, so tests can hold a command's cost bounded as the log grows.
public enum ReadStatistics {
    /// Log records opened and decoded.
    public static let recordsOpened = Atomic<Int>(0)
    /// Stored view partitions read.
    public static let partitionsOpened = Atomic<Int>(0)
    /// Keys of the dedup index's recent tier read, in a pass over it or into its map.
    public static let dedupKeysRead = Atomic<Int>(0)
    /// Tags and sorted entries of the short-id index read, in its scan and binary searches.
    public static let shortIDEntriesRead = Atomic<Int>(0)
}
