extension Environment {
    /// How much of the data file may stay mapped between releases now.
    var mappedBudget: Int { memory.budget }

    /// From now on this process does whole-log work and keeps less of the file mapped.
    func beginWholeLogWork() { memory.beginWholeLogWork() }

    /// Runs a walk that looks things up for each event at the lookup budget (`MemoryPolicy.keepingLookupBudget`).
    func keepingLookupBudget<R>(_ body: () throws -> R) rethrows -> R { try memory.keepingLookupBudget(body) }

    /// Lets go of the map's pages that this process has touched (see `MemoryPolicy`).
    func releaseMappedPages() { memory.release(mapSize: mapSize) }

    /// Lets go of them once more than the budget is mapped since the last release.
    func releaseMappedPagesIfDue() { memory.releaseIfDue(mapSize: mapSize) }
}
