import Foundation
import Glibc
import Synchronization

/// The store's memory policy, in one place: the one type the store and the CLI call about
/// memory. No file outside `Memory/` calls `mallopt`, `malloc_trim` or `madvise`.
///
/// Per environment (`Environment.memory`): the pages of the vault's data file that this
/// process has mapped, and when to let go of them. Cursors step it through their
/// `MappedPageAllowance`, bulk work through a `MapWarden`. Per process (`MemoryPolicy+Heap`):
/// how glibc's heap gives memory back.
///
/// Letting go writes nothing: the map is read-only to us (LMDB writes with pwrite), so the
/// kernel keeps the data in its page cache and a later read faults it back in. Releasing as
/// reads go keeps resident memory flat however large the log grows, instead of holding every
/// index page ever searched.
public final class MemoryPolicy: Sendable {
    /// How much of the data file may stay mapped between releases while the process does
    /// whole-log work: an import, a replay, an audit, an export of everything (see
    /// docs/performance.md, "Mapped page budget").
    static let wholeLogBudget = 4 << 20
    /// The same for a process that only looks things up (a quick entry, `daily`, a query, a
    /// dashboard page). Each release zaps the whole map's page tables and the next lookups
    /// fault the tree's upper pages back in, so releasing at the whole-log budget made
    /// lookups in a large vault cost several times those in a small one; what lookups map is
    /// bounded by what they ask for, and this much more stays far inside the memory bound.
    static let lookupBudget = 64 << 20

    private struct Mapped {
        /// The data file's absolute path, as /proc/self/maps names it; resolved once the file exists.
        var dataFile: String?
        /// The ranges `mappedRanges` found and the map size they were found at; nil once the
        /// map may have moved.
        var mapping: (size: Int, ranges: [(UnsafeMutableRawPointer, Int)])?
        /// Resident file-backed memory (the data file, the binary and its libraries) after the
        /// last release, or when the environment opened.
        var residentFilesAfterRelease: Int
    }

    private let directory: String
    /// Held by releases and by remapping: advice to a range the map just left could discard
    /// whatever memory took its place.
    private let mapped: Mutex<Mapped>
    /// Set once the process starts whole-log work; it keeps the smaller budget from then on.
    private let doingWholeLogWork = Atomic<Bool>(false)
    /// Walks under way that look things up for each event they read (`keepingLookupBudget`).
    private let lookupWalks = Atomic<Int>(0)

    /// The budget in force now.
    var budget: Int {
        doingWholeLogWork.load(ordering: .relaxed) && lookupWalks.load(ordering: .relaxed) == 0 ? Self.wholeLogBudget : Self.lookupBudget
    }

    /// Runs `body`, a walk back through the log that looks things up for every event it reads
    /// (its batch, its amendments), at the lookup budget however long it grows: at the
    /// whole-log budget each release let go of the index paths the next events' lookups then
    /// faulted straight back in, a release every few dozen events (see docs/performance.md,
    /// "Mapped page budget").
    func keepingLookupBudget<R>(_ body: () throws -> R) rethrows -> R {
        lookupWalks.add(1, ordering: .relaxed)
        defer { lookupWalks.subtract(1, ordering: .relaxed) }
        return try body()
    }

    /// Called when a walk or a write grows long, or a bulk append begins: from then on the
    /// process releases at the whole-log budget.
    func beginWholeLogWork() { doingWholeLogWork.store(true, ordering: .relaxed) }

    /// `directory` is the environment's.
    init(directory: String) {
        self.directory = directory
        // Counted from what the process holds as the environment opens: the binary's and its
        // libraries' pages are no reason to let go of the data file's.
        mapped = Mutex(Mapped(residentFilesAfterRelease: ResidentFileMemory.bytes()))
    }

    /// Runs `remap`, which moves the map, with no release under way, and forgets where the
    /// map was.
    func remapping(_ remap: () throws -> Void) rethrows {
        try mapped.withLock { mapped in
            mapped.mapping = nil
            try remap()
        }
    }

    /// Lets go of every page of the data file this process has mapped.
    func release(mapSize: Int) {
        mapped.withLock { mapped in
            for (address, length) in mappedRanges(mapSize: mapSize, &mapped) { madvise(address, length, MADV_DONTNEED) }
            mapped.residentFilesAfterRelease = ResidentFileMemory.bytes()
        }
    }

    /// Releases once the process holds `budget` more of its files than just after the last
    /// release. Measured, not estimated from faults: one fault can map a whole large folio
    /// of the page cache.
    func releaseIfDue(mapSize: Int) {
        let resident = ResidentFileMemory.bytes()
        guard resident - mapped.withLock({ $0.residentFilesAfterRelease }) >= budget else { return }
        release(mapSize: mapSize)
    }

    /// Where the data file is mapped, found once per mapping: LMDB does not tell
    /// (`me_mapaddr` is set only with MDB_FIXEDMAP); the kernel does, in /proc/self/maps.
    private func mappedRanges(mapSize: Int, _ mapped: inout Mapped) -> [(UnsafeMutableRawPointer, Int)] {
        if let known = mapped.mapping, known.size == mapSize { return known.ranges }
        // Read to the end: /proc files report no size, and String(contentsOfFile:) then stops
        // after one page, which misses the data file once threads and large blocks have
        // been mapped below it, as after a map grows late in an import.
        guard let bytes = try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd() else { return [] }
        let maps = String(decoding: bytes, as: UTF8.self)
        let dataFile = mapped.dataFile ?? dataFilePath()
        mapped.dataFile = dataFile
        let ranges = maps.split(separator: "\n").filter { $0.hasSuffix(dataFile) }.compactMap { line -> (UnsafeMutableRawPointer, Int)? in
            let range = line.prefix { $0 != " " }.split(separator: "-")
            guard range.count == 2, let start = UInt(range[0], radix: 16), let end = UInt(range[1], radix: 16), end > start,
                  let address = UnsafeMutableRawPointer(bitPattern: start) else { return nil }
            return (address, Int(end - start))
        }
        if !ranges.isEmpty { mapped.mapping = (mapSize, ranges) }
        return ranges
    }

    private func dataFilePath() -> String {
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        return URL(fileURLWithPath: absolute + "/data.mdb").resolvingSymlinksInPath().path
    }
}
