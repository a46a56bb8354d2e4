import DemoData
import LedgerCore
import PropertyBased
import Testing
import TestSupport
@testable import Projections

/// The contract every view in `ProjectionCatalog.kinds` passes, over generated histories
/// of every event kind: a view listed there is tested here by being listed.
@Suite struct ViewContractTests {
    /// What a view promises when the same events arrive in another order.
    enum OrderPromise {
        /// The partitions whose keys start with this byte are stored byte for byte the same.
        case sameBytes(partitionsStartingWith: UInt8)
        /// Each day's metrics read the same.
        case sameDayMetrics
        /// Nothing: the reason says why.
        case nothing(because: String)
    }

    /// Every view states its promise here; a view listed without one fails
    /// `everyViewStatesItsOrderPromise`.
    static func orderPromise(of view: String) -> OrderPromise? {
        switch view {
        case DailyMetricsView.name: .sameDayMetrics
        // IntakeEntry sorts a day's entries by event, whatever order they came in.
        case CalorieCreditView.name: .sameBytes(partitionsStartingWith: 0x01)
        case VitalsView.name: .nothing(because: "it states no promise on arrival order: its sessions group readings as they come")
        case FaceModelsView.name: .nothing(because: "its one captures partition lists the captures in the order they came")
        case QueryIndexView.name: .nothing(because: "a month's rows are in log order (QueryIndexState+Reading)")
        default: nil
        }
    }

    static var viewsPromisingOrder: [String] {
        ProjectionCatalog.names.filter { if case .nothing = orderPromise(of: $0) { false } else { true } }
    }

    static func kind(_ view: String) throws -> any ProjectionKind.Type {
        try #require(ProjectionCatalog.kinds.first { $0.name == view })
    }

    /// A history's first `count` events: the demo's settings and definitions, then whole days
    /// of samples, self-reports, workouts, vital signals and face captures.
    static func history(seed: UInt64, count: Int) -> [Event] {
        var generator = DemoGenerator(seed: seed)
        return generator.events(count: count)
    }

    /// Enough for the setup, a first day and some of the next: every kind the demo makes.
    static let eventsAtMost = 700

    /// Where a history is cut into what is kept and what is removed: half of the cuts fall in
    /// the setup (settings, definitions), which a cut anywhere would seldom split.
    static var cuts: Generator<Int, AnySequence<(index: Int, value: Any)>> {
        Gen.oneOf(Gen.int(in: 0...10), Gen.int(in: 0...Self.eventsAtMost))
    }

    @Test("every listed view states what it promises on arrival order")
    func everyViewStatesItsOrderPromise() {
        for view in ProjectionCatalog.names {
            #expect(Self.orderPromise(of: view) != nil, "\(view) is in ProjectionCatalog.kinds: say in ViewContractTests.orderPromise what it promises on arrival order")
        }
    }

    @Test("folding is pure: the same events drain the same partitions, byte for byte", arguments: ProjectionCatalog.names)
    func foldingIsPure(view: String) async throws {
        let kind = try Self.kind(view)
        await propertyCheck(count: 50, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...Self.eventsAtMost)) { seed, count in
            await recordingThrownErrors {
                let events = Self.history(seed: seed, count: count)
                let first = try ViewFolds.drained(kind, events)
                let second = try ViewFolds.drained(kind, events)
                #expect(first == second, "\(view): \(count) events of seed \(seed) drained differently")
            }
        }
    }

    @Test("a removal undoes an addition: adding A and B then removing B stores what A alone does", arguments: ProjectionCatalog.names)
    func removalUndoesAddition(view: String) async throws {
        let kind = try Self.kind(view)
        await propertyCheck(count: 50, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...Self.eventsAtMost), Self.cuts) { seed, count, cut in
            await recordingThrownErrors {
                let events = Self.history(seed: seed, count: count)
                let kept = Array(events.prefix(cut)), undone = Array(events.dropFirst(cut))
                let alone = try ViewFolds.stored(kind, kept: kept)
                let undoneAfter = try ViewFolds.stored(kind, kept: kept, undone: undone)
                #expect(alone == undoneAfter, "\(view): removing the last \(undone.count) of \(count) events of seed \(seed) left \(ViewFolds.differingKeys(alone, undoneAfter)) differing")
            }
        }
    }

    @Test("order independence where the view promises it: the same events shuffled fold the same", arguments: Self.viewsPromisingOrder)
    func orderIndependence(view: String) async throws {
        let kind = try Self.kind(view)
        let promise = try #require(Self.orderPromise(of: view))
        await propertyCheck(count: 50, input: Gen.uint64(in: 0...UInt64.max), Gen.int(in: 1...Self.eventsAtMost), Gen.uint64(in: 0...UInt64.max)) { seed, count, order in
            await recordingThrownErrors {
                let events = Self.history(seed: seed, count: count)
                var random = SeededRandom(seed: order)
                let shuffled = events.shuffled(using: &random)
                switch promise {
                case .sameBytes(let first):
                    let inOrder = try ViewFolds.stored(kind, kept: events).filter { $0.key.first == first }
                    let reordered = try ViewFolds.stored(kind, kept: shuffled).filter { $0.key.first == first }
                    #expect(inOrder == reordered, "\(view): \(count) events of seed \(seed) shuffled by \(order) stored \(ViewFolds.differingKeys(inOrder, reordered)) differently")
                case .sameDayMetrics:
                    let days = Set(events.flatMap { event in
                        let day = LocalDay(event.start, utcOffset: event.utcOffset)
                        return [LocalDay(number: day.number - 1), day, LocalDay(number: day.number + 1)]
                    })
                    let inOrder = try Self.dailyMetrics(events), reordered = try Self.dailyMetrics(shuffled)
                    for day in days.sorted() {
                        let one = try inOrder.metrics(for: day).values, other = try reordered.metrics(for: day).values
                        #expect(Self.same(one, other), "\(view): \(day) of \(count) events of seed \(seed) shuffled by \(order) reads differently")
                    }
                case .nothing:
                    Issue.record("\(view) promises nothing on order and should not be listed here")
                }
            }
        }
    }

    static func dailyMetrics(_ events: [Event]) throws -> DailyMetricsViewState {
        let state = try DailyMetricsView.makeState(load: { _ in nil })
        for event in events { try state.add(event) }
        return state
    }

    /// Equal columns, sums allowed the last bits that adding in another order rounds differently.
    static func same(_ one: [Double?], _ other: [Double?]) -> Bool {
        one.count == other.count && zip(one, other).allSatisfy { pair in
            switch pair {
            case (nil, nil): true
            case let (first?, second?): first == second || abs(first - second) <= 1e-9 * max(abs(first), abs(second))
            default: false
            }
        }
    }
}
