extension Ledger {
    /// Drops the pages of the log's file that this process has read from its resident set
    /// (they are read back from the file when touched again). Reads let go as they go (see
    /// `MappedPageAllowance`); this lets go of everything at once.
    func releaseMappedPages() { environment.releaseMappedPages() }

    /// Gives the heap's freed pages back to the system (see `MemoryPolicy.releaseFreedHeap`).
    public func releaseFreedHeap() { MemoryPolicy.releaseFreedHeap() }
}

extension Ledger {
    /// Runs `body`, whole-log work such as a replay, with a `MapWarden` watching what this
    /// process maps of the data file: besides the pass's own reads, the transactions that save
    /// views and indexes read the pages they change through the map, and those reads have no
    /// cursor to let go of them.
    public func watchingMappedPages<R>(_ body: () throws -> R) rethrows -> R {
        let warden = MapWarden(environment)
        defer { warden.stop() }
        return try body()
    }
}
