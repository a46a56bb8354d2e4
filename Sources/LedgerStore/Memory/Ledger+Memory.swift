extension Ledger {
    /// Drops the pages of the log's file that this process has read from its resident set
    /// (they are read back from the file when touched again). Reads let go as they go (see
    /// `MappedPageAllowance`); this lets go of everything at once.
    func releaseMappedPages() { environment.releaseMappedPages() }

    /// Gives the heap's freed pages back to the system (see `MemoryPolicy.releaseFreedHeap`).
    public func releaseFreedHeap() { MemoryPolicy.releaseFreedHeap() }
}
