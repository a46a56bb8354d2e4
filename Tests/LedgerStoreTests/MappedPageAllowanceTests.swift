import Foundation
import Glibc
import LedgerCore
import LedgerCrypto
import Testing
import TestSupport
@testable import LedgerStore

/// Serialized: each test measures the process's mapped file pages, which a sibling reading
/// its own 16 MB file at the same moment would change.
@Suite(.serialized) struct MappedPageAllowanceTests {
    /// A 16 MB database in a fresh environment, its pages let go.
    private func filledEnvironment() throws -> (Environment, Database, directory: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-allowance-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let environment = try Environment(path: directory, mapSize: 256 << 20)
        let database = try environment.write { txn in
            let database = try environment.database("values", in: txn, create: true)
            for key in 0..<4_000 { try txn.put(database, key: Array("\(100_000 + key)".utf8), value: [UInt8](repeating: UInt8(key & 0xFF), count: 4_000)) }
            return database
        }
        environment.releaseMappedPages()
        return (environment, database, directory)
    }

    /// Reads every value, which faults the whole file into this process's map.
    private func touchEveryPage(_ environment: Environment, _ database: Database) throws -> Int {
        try environment.read { txn in
            try (0..<4_000).reduce(0) { sum, key in sum + Int(try txn.get(database, key: Array("\(100_000 + key)".utf8))?.last ?? 0) }
        }
    }

    /// Resident kilobytes of the data file in this process's map, as the kernel counts them.
    private func mappedKilobytes(of directory: String) throws -> Int {
        var inDataFile = false, total = 0
        // Read to the end: the file reports no size, and a sized read stops short.
        let smaps = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps")).readToEnd() ?? Data()
        for line in String(decoding: smaps, as: UTF8.self).split(separator: "\n") {
            if line.contains("-"), line.split(separator: " ").count >= 5, !line.hasPrefix("Rss") {
                inDataFile = line.hasSuffix("\(directory)/data.mdb")
            } else if inDataFile, line.hasPrefix("Rss:") {
                total += Int(line.split(separator: " ")[1]) ?? 0
            }
        }
        return total
    }

    @Test func pagesFaultedInSinceTheAllowanceBeganAreLetGo() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        environment.beginWholeLogWork()
        var allowance = MappedPageAllowance(environment)
        _ = try touchEveryPage(environment, database)
        #expect(try mappedKilobytes(of: directory) > 8_000)
        for _ in 0..<MappedPageAllowance.stepsBetweenCounts { allowance.step() }
        #expect(try mappedKilobytes(of: directory) < 1_000)
    }

    @Test func aReleaseIsDueOnlyOnceMoreThanTheBudgetIsMapped() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        environment.beginWholeLogWork()
        try environment.read { txn in
            for key in 0..<16 { _ = try txn.get(database, key: Array("\(100_000 + key * 97)".utf8)) }
        }
        let few = try mappedKilobytes(of: directory)
        environment.releaseMappedPagesIfDue()
        #expect(few > 0)
        #expect(few < MemoryPolicy.wholeLogBudget / 1024, "a few reads should stay under the budget")
        #expect(try mappedKilobytes(of: directory) == few)
        _ = try touchEveryPage(environment, database)
        #expect(try mappedKilobytes(of: directory) > MemoryPolicy.wholeLogBudget / 1024)
        environment.releaseMappedPagesIfDue()
        #expect(try mappedKilobytes(of: directory) < 1_000)
    }

    /// A process that only looks things up keeps up to the lookup budget mapped, so its next
    /// lookups find the tree's pages still there; once it starts whole-log work, the smaller
    /// budget holds.
    @Test func lookupsKeepMoreMappedUntilTheProcessDoesWholeLogWork() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(environment.mappedBudget == MemoryPolicy.lookupBudget)
        _ = try touchEveryPage(environment, database)
        let mapped = try mappedKilobytes(of: directory)
        #expect(mapped > MemoryPolicy.wholeLogBudget / 1024 && mapped < MemoryPolicy.lookupBudget / 1024)
        environment.releaseMappedPagesIfDue()
        #expect(try mappedKilobytes(of: directory) == mapped, "under the lookup budget nothing is released")
        environment.beginWholeLogWork()
        #expect(environment.mappedBudget == MemoryPolicy.wholeLogBudget)
        environment.releaseMappedPagesIfDue()
        #expect(try mappedKilobytes(of: directory) < 1_000)
    }

    /// What the process had mapped of other files when the environment opened (its binary
    /// and libraries, statically linked into one large file in a release build) does not
    /// count against the data file's budget: a lookup that maps little releases nothing.
    @Test func filesMappedBeforeTheEnvironmentOpenedAreNotCountedAgainstItsBudget() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hl-allowance-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let keys = (0..<16).map { Array("\(100_000 + $0)".utf8) }
        do {
            let environment = try Environment(path: directory, mapSize: 64 << 20)
            try environment.write { txn in
                let database = try environment.database("values", in: txn, create: true)
                for key in keys { try txn.put(database, key: key, value: [UInt8](repeating: 1, count: 4_000)) }
            }
        }
        // More than the lookup budget of another file, mapped before the vault's environment opens.
        let other = directory + "/other"
        let size = MemoryPolicy.lookupBudget + (16 << 20)
        #expect(FileManager.default.createFile(atPath: other, contents: Data(count: size)))
        let descriptor = open(other, O_RDONLY)
        defer { close(descriptor) }
        let map = try #require(mmap(nil, size, PROT_READ, MAP_SHARED, descriptor, 0))
        defer { munmap(map, size) }
        let bytes = map.assumingMemoryBound(to: UInt8.self)
        var sum = 0
        for offset in stride(from: 0, to: size, by: Int(getpagesize())) { sum &+= Int(bytes[offset]) }
        #expect(sum == 0)

        let environment = try Environment(path: directory, mapSize: 64 << 20)
        try environment.read { txn in
            let database = try environment.database("values", in: txn, create: false)
            for key in keys { _ = try txn.get(database, key: key) }
        }
        let mapped = try mappedKilobytes(of: directory)
        #expect(mapped > 0)
        environment.releaseMappedPagesIfDue()
        #expect(try mappedKilobytes(of: directory) == mapped, "a few lookups' pages were let go")
    }

    /// A walk reading more than a megabyte of values is whole-log work, whoever started it.
    @Test func aLongWalkSwitchesTheProcessToTheWholeLogBudget() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try environment.read { txn in
            let cursor = try txn.cursor(database)
            var read = 0
            while read < 100, try cursor.move(.next) != nil { read += 1 }
        }
        #expect(environment.mappedBudget == MemoryPolicy.lookupBudget, "100 values of 4 kB is a lookup's walk")
        try environment.read { txn in
            let cursor = try txn.cursor(database)
            var read = 0
            while read < 400, try cursor.move(.next) != nil { read += 1 }
        }
        #expect(environment.mappedBudget == MemoryPolicy.wholeLogBudget, "1.6 MB of values is whole-log work")
    }

    /// A walk that looks things up for each event keeps the lookup budget however long it
    /// grows, and only while it runs: at the whole-log budget, each release let go of the
    /// paths its next lookups faulted straight back in.
    @Test func aWalkOfLookupsKeepsTheLookupBudgetWhileItRuns() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try environment.keepingLookupBudget {
            try environment.read { txn in
                let cursor = try txn.cursor(database)
                while try cursor.move(.next) != nil {}
            }
            #expect(environment.mappedBudget == MemoryPolicy.lookupBudget, "16 MB of values read along a walk of lookups")
            _ = try touchEveryPage(environment, database)
            let mapped = try mappedKilobytes(of: directory)
            environment.releaseMappedPagesIfDue()
            #expect(try mappedKilobytes(of: directory) == mapped, "under the lookup budget nothing is released")
        }
        #expect(environment.mappedBudget == MemoryPolicy.wholeLogBudget, "the walk was whole-log work, held off only while it ran")
    }

    /// Reads that check nothing themselves are let go of while a warden watches, and only then.
    @Test func aWardenLetsGoOfWhatAnyReaderMapped() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let ticks = WardenTicks()
        let warden = MapWarden(environment, pause: ticks.pause)
        _ = try touchEveryPage(environment, database)
        #expect(try mappedKilobytes(of: directory) > MemoryPolicy.wholeLogBudget / 1024, "the warden waits for its round")
        ticks.round()
        #expect(try mappedKilobytes(of: directory) < MemoryPolicy.wholeLogBudget / 1024, "the warden should have released the file's pages past the budget")
        ticks.release()
        warden.stop()
        _ = try touchEveryPage(environment, database)
        #expect(try mappedKilobytes(of: directory) > MemoryPolicy.wholeLogBudget / 1024, "a stopped warden releases nothing")
    }

    /// An export or a replay reads the whole log through `forEach`, with no warden: what it
    /// maps stays near the budget, not the size of the log.
    @Test func aScanOfTheWholeLogKeepsWhatItMapsNearTheBudget() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        // Random text barely compresses, so 3,000 events make a data file of about 35 MB.
        for first in stride(from: 0, to: 3_000, by: 1_000) {
            _ = try ledger.append((first..<first + 1_000).map { index in
                Event(
                    kind: .exportElementRecorded, schema: 1, start: Timestamp(micros: Int64(index) * 1_000_000), utcOffset: 0, source: .cli,
                    payload: ["element": .string("Filler"), "attributes": .map([:]), "text": .string(Data(secureRandomBytes(8_192)).base64EncodedString()), "children": .array([])])
            })
        }
        #expect(try #require(Environment.fileSize(vault.directory + "/data.mdb")) > 24 << 20)
        ledger.releaseMappedPages()
        var mostMapped = 0, scanned = 0
        try ledger.forEach { _ in
            scanned += 1
            if scanned % 256 == 0 { mostMapped = max(mostMapped, try mappedKilobytes(of: vault.directory)) }
            return true
        }
        #expect(scanned == 3_000)
        // The budget, a chunk decoded ahead (1 MB of records) and the folios of the last faults.
        #expect(mostMapped < 2 * MemoryPolicy.wholeLogBudget / 1024, "the scan mapped \(mostMapped) kB of the file")
    }

    /// A view folded into a new vault mostly asks for partitions not written yet, and each
    /// miss maps its path down the tree as a hit does: misses let go of it too.
    @Test func readsOfAbsentPartitionsKeepWhatTheyMapNearTheBudget() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let store = try ledger.projectionStore("misses")
        // Stored under keyed hashes, 60,000 small partitions fill about 30 MB of leaf pages
        // in random order, so misses land all over them.
        let partitions = (0..<60_000).map { index in (key: Array("day-\(2 * index)".utf8), value: Optional([UInt8](repeating: 7, count: 300))) }
        try store.write(partitions, checkpoint: ProjectionCheckpoint(version: 1, size: 0, root: []))
        #expect(try #require(Environment.fileSize(vault.directory + "/data.mdb")) > 3 * MemoryPolicy.wholeLogBudget)
        ledger.releaseMappedPages()
        // As an import's fold does: the import's bulk append began whole-log work.
        ledger.environment.beginWholeLogWork()
        var mostMapped = 0
        for index in 0..<6_000 {
            #expect(try store.read(Array("day-\(20 * index + 1)".utf8)) == nil)
            if index % 64 == 63 { mostMapped = max(mostMapped, try mappedKilobytes(of: vault.directory)) }
        }
        #expect(mostMapped < 2 * MemoryPolicy.wholeLogBudget / 1024, "6,000 misses mapped \(mostMapped) kB of the file")
    }

    /// A bulk commit's lookups and puts land all over a tree with no cursor to let go of
    /// what they map (the store indexes' same-record keys are keyed hashes): the write
    /// transaction's own allowance does, whatever another thread's warden manages.
    @Test func aWriteTransactionsLookupsAndPutsKeepWhatTheyMapNearTheBudget() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        environment.beginWholeLogWork()
        var mostMapped = 0
        try environment.write { txn in
            for key in 0..<4_000 {
                let stored = Array("\(100_000 + key)".utf8)
                let last = try #require(try txn.get(database, key: stored) { $0.last } ?? nil)
                try txn.put(database, key: stored + [0x2E], value: [last])
                if key % 64 == 63 { mostMapped = max(mostMapped, try mappedKilobytes(of: directory)) }
            }
        }
        #expect(mostMapped < 2 * MemoryPolicy.wholeLogBudget / 1024, "4,000 lookups and puts mapped \(mostMapped) kB of the file")
    }

    /// Replacing a view's generation drops the old one, whose every overflow page is read for
    /// its length: what that maps is let go of as it goes, with no warden watching.
    @Test func droppingAGenerationKeepsWhatItMapsNearTheBudget() throws {
        let vault = try ScratchVault()
        let ledger = try vault.open()
        let store = try ledger.projectionStore("dropped")
        // Each value fills an overflow page of its own: about 16 MB of them.
        let partitions = (0..<4_000).map { index in (key: Array("day-\(index)".utf8), value: Optional([UInt8](repeating: 7, count: 3_000))) }
        try store.write(partitions, checkpoint: ProjectionCheckpoint(version: 1, size: 0, root: []))
        #expect(try #require(Environment.fileSize(vault.directory + "/data.mdb")) > 3 * MemoryPolicy.wholeLogBudget)
        ledger.releaseMappedPages()
        ledger.environment.beginWholeLogWork()
        let mapped = try ledger.environment.write { txn in
            try ledger.drop(store.database, txn, deletingIt: false)
            return try mappedKilobytes(of: vault.directory)
        }
        #expect(mapped < 2 * MemoryPolicy.wholeLogBudget / 1024, "dropping 4,000 overflow values mapped \(mapped) kB of the file")
        #expect(try store.read(Array("day-1".utf8)) == nil, "the generation is empty")
    }

    @Test func withoutNewFaultsNothingIsReleased() throws {
        let (environment, database, directory) = try filledEnvironment()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        _ = try touchEveryPage(environment, database)
        let mapped = try mappedKilobytes(of: directory)
        var allowance = MappedPageAllowance(environment)
        for _ in 0..<MappedPageAllowance.stepsBetweenCounts * 4 { allowance.step() }
        #expect(mapped > 8_000)
        #expect(try mappedKilobytes(of: directory) == mapped)
    }
}
