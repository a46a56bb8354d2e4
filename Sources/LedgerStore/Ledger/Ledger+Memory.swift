extension Ledger {
    /// Drops the pages of the log's file that this process has read from its resident set
    /// (they are read back from the file when touched again). A long scan — an export —
    /// calls this every so often so that its memory does not grow with the log's size.
    public func releaseMappedPages() { environment.releaseMappedPages() }
}
