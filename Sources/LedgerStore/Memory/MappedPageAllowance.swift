import Glibc

/// When a walk over the map has mapped enough of the file to be worth letting go. Every
/// cursor keeps one, so whatever walks the file through a cursor lets go as it goes.
///
/// Random keys touch index pages all over the file, and each fault maps the page's whole
/// folio, but releasing every few keys would cost more than it saves (each release is a
/// page table walk, a TLB shootdown on the other core, and the faults that map the same
/// pages again; see docs/performance.md, "Mapped page allowance"). So the walk looks at what
/// is mapped only after this thread has taken a few faults, or after enough entries or
/// bytes that other threads may have mapped, and releases only past the budget: a run of
/// keys that lands on pages already mapped costs nothing.
struct MappedPageAllowance {
    /// Faults that make it worth measuring what is mapped (one system call).
    static let faultsBetweenMeasures = 8
    /// Faults are counted every this many steps; a count is one system call.
    static let stepsBetweenCounts = 16
    /// Entries and bytes after which what is mapped is measured whatever this thread's
    /// faults: the log's records are read on other threads than the one that walks to them.
    static let measureEvery = (entries: 4_096, bytes: 1 << 20)

    /// Linux's RUSAGE_THREAD, which Glibc's module leaves out (it needs _GNU_SOURCE).
    private static let rusageThread = __rusage_who_t(1)

    private let environment: Environment
    private let faultsAtStart: Int
    private var faultsAtMeasure: Int
    private var steps = 0
    private var bytesRead = 0
    private var sinceMeasure = (entries: 0, bytes: 0)

    init(_ environment: Environment) {
        self.environment = environment
        faultsAtStart = Self.threadFaults()
        faultsAtMeasure = faultsAtStart
    }

    /// Steps, or bytes of values read, after which a walk or a write counts as whole-log work.
    static let stepsOfWholeLogWork = 4_096
    static let bytesOfWholeLogWork = 1 << 20

    /// Call once per key read, written or moved.
    mutating func step() {
        steps += 1
        if steps == Self.stepsOfWholeLogWork { environment.beginWholeLogWork() }
        guard steps % Self.stepsBetweenCounts == 0 else { return }
        let faults = Self.threadFaults()
        guard faults - faultsAtMeasure >= Self.faultsBetweenMeasures else { return }
        faultsAtMeasure = faults
        environment.releaseMappedPagesIfDue()
    }

    /// Call once per entry read, with the bytes of its value, which another thread may map.
    mutating func step(reading bytes: Int) {
        bytesRead += bytes
        if bytesRead >= Self.bytesOfWholeLogWork, bytesRead - bytes < Self.bytesOfWholeLogWork { environment.beginWholeLogWork() }
        sinceMeasure = (sinceMeasure.entries + 1, sinceMeasure.bytes + bytes)
        if sinceMeasure.entries >= Self.measureEvery.entries || sinceMeasure.bytes >= Self.measureEvery.bytes {
            sinceMeasure = (0, 0)
            environment.releaseMappedPagesIfDue()
        }
        step()
    }

    /// Call at the end of the walk: a short one (a single lookup) is measured if it took
    /// any fault at all.
    func finish() {
        if Self.threadFaults() != faultsAtStart { environment.releaseMappedPagesIfDue() }
    }

    /// Page faults this thread took without reading from disk: mapping a cached page, or a
    /// fresh page of memory (counted too, which only makes measures a little more frequent).
    static func threadFaults() -> Int {
        var usage = rusage()
        getrusage(rusageThread, &usage)
        return usage.ru_minflt
    }
}
