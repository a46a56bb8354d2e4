import Glibc

/// When a walk over the map has mapped enough of the file to be worth letting go.
///
/// Random keys touch index pages all over the file, and each fault maps the page's whole
/// folio. Releasing every 256 keys kept that flat but made most of a 2M-record import's
/// 20,476 releases, each a page table walk, a TLB shootdown on the other core and the
/// faults that map the same pages again. The walk instead looks at what is mapped only
/// after this thread has taken a few faults, and releases only past the environment's
/// budget: a run of keys that lands on pages already mapped costs nothing.
struct MappedPageAllowance {
    /// Faults that make it worth measuring what is mapped (one system call).
    static let faultsBetweenMeasures = 8
    /// Faults are counted every this many steps; a count is one system call.
    static let stepsBetweenCounts = 16

    /// Linux's RUSAGE_THREAD, which Glibc's module leaves out (it needs _GNU_SOURCE).
    private static let rusageThread = __rusage_who_t(1)

    private let environment: Environment
    private var faultsAtMeasure: Int
    private var steps = 0

    init(_ environment: Environment) {
        self.environment = environment
        faultsAtMeasure = Self.threadFaults()
    }

    /// Call once per key written or moved.
    mutating func step() {
        steps += 1
        guard steps % Self.stepsBetweenCounts == 0 else { return }
        let faults = Self.threadFaults()
        guard faults - faultsAtMeasure >= Self.faultsBetweenMeasures else { return }
        faultsAtMeasure = faults
        environment.releaseMappedPagesIfDue()
    }

    /// Page faults this thread took without reading from disk: mapping a cached page, or a
    /// fresh page of memory (counted too, which only makes measures a little more frequent).
    static func threadFaults() -> Int {
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return usage.ru_minflt
    }
}
