extension Ledger {
    /// Drops the pages of the log's file that this process has read from its resident set
    /// (they are read back from the file when touched again). `forEach` lets go as it scans;
    /// a caller that reads in other ways for long, as a bundle's month-by-month pass over
    /// the daily view does, calls this between its steps.
    public func releaseMappedPages() { environment.releaseMappedPages() }
}
