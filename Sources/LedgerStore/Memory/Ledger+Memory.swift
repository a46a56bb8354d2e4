import CMalloc

extension Ledger {
    /// Drops the pages of the log's file that this process has read from its resident set
    /// (they are read back from the file when touched again). Reads let go as they go (see
    /// `MappedPageAllowance`); this lets go of everything at once.
    func releaseMappedPages() { environment.releaseMappedPages() }

    /// Gives the heap's freed pages back to the system. Whole-log work on several threads
    /// frees in several malloc arenas, which otherwise keep what they held at their fullest.
    public func releaseFreedHeap() { malloc_trim(0) }
}
