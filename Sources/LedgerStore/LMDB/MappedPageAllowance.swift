import Glibc

/// When a walk over the map has mapped enough of the file to be worth letting go.
///
/// Random keys touch index pages all over the file, and for each page it faults in the
/// kernel maps up to 15 cached neighbours too. Releasing every 256 keys kept that flat but
/// made most of a 2M-record import's 20,476 releases (5,485 with this), each a page table
/// walk, a TLB shootdown on the other core and the faults that map the same pages again.
/// Counting this thread's page faults instead releases only when pages were actually
/// mapped: a run of keys that lands on pages already mapped costs nothing.
struct MappedPageAllowance {
    /// At most 16 pages a fault, so about 8 MB of the file mapped between releases.
    static let faultsBetweenReleases = 128
    /// Faults are counted every this many steps; a count is one system call.
    static let stepsBetweenCounts = 32

    /// Linux's RUSAGE_THREAD, which Glibc's module leaves out (it needs _GNU_SOURCE).
    private static let rusageThread = __rusage_who_t(1)

    private let environment: Environment
    private var faultsAtRelease: Int
    private var steps = 0

    init(_ environment: Environment) {
        self.environment = environment
        faultsAtRelease = Self.threadFaults()
    }

    /// Call once per key written or moved.
    mutating func step() {
        steps += 1
        guard steps % Self.stepsBetweenCounts == 0, Self.threadFaults() - faultsAtRelease >= Self.faultsBetweenReleases else { return }
        environment.releaseMappedPages()
        faultsAtRelease = Self.threadFaults()
    }

    /// Page faults this thread took without reading from disk: mapping a cached page, or a
    /// fresh page of memory (counted too, which only makes releases a little earlier).
    private static func threadFaults() -> Int {
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return usage.ru_minflt
    }
}
