import DemoData
import Foundation
import LedgerCore
import LedgerCrypto
import LedgerStore

enum AppendBench {
    static let batchSize = 10_000

    static func run(events count: Int) throws {
        print("generating \(count) realistic mixed events…")
        var generator = DemoGenerator(seed: 42)
        let events = generator.events(count: count)
        let encoded = events.map(EnvelopeCodec.encode)
        let dictionary = try trainedDictionary(encoded)
        let bare = BarePipeline(records: encoded, dictionary: dictionary, batchSize: batchSize)

        let batches = stride(from: 0, to: events.count, by: batchSize).map { Array(events[$0..<min($0 + batchSize, events.count)]) }
        var bareRates: [Double] = []
        var pipelinedRates: [Double] = []
        var singleRates: [Double] = []
        var readRates: [Double] = []
        for round in 1...3 {
            let bareDirectory = scratchDirectory("bare")
            bareRates.append(Double(count) / bare.run(directory: bareDirectory))
            try? FileManager.default.removeItem(atPath: bareDirectory)

            let single = try ledgerRound(batches, pipelined: false)
            singleRates.append(Double(count) / single.append)
            try? FileManager.default.removeItem(atPath: single.vault)

            let pipelined = try ledgerRound(batches, pipelined: true)
            pipelinedRates.append(Double(count) / pipelined.append)
            readRates.append(Double(count) / pipelined.read)
            print("round \(round): bare \(format(bareRates.last!)) · ledger pipelined \(format(pipelinedRates.last!)) · ledger one thread \(format(singleRates.last!)) · read \(format(readRates.last!)) ev/s")
            if round == 3 { try report(vault: pipelined.vault, count: count) }
            try? FileManager.default.removeItem(atPath: pipelined.vault)
        }
        let bareBest = bareRates.max()!
        print("append (BulkAppender, 2 threads): \(format(pipelinedRates.max()!)) ev/s = \(percent(pipelinedRates.max()! / bareBest)) of bare \(format(bareBest)) ev/s (target ≥ 75%)")
        print("append (Ledger.append, 1 thread): \(format(singleRates.max()!)) ev/s = \(percent(singleRates.max()! / bareBest)) of bare")
        print("read back (open + decompress + decode): \(format(readRates.max()!)) ev/s (target ≥ 400k)")
        try sampleDisk()
    }

    /// The ledger trains on the first batch; the bare pipeline gets a dictionary the same way.
    static func trainedDictionary(_ encoded: [[UInt8]]) throws -> [UInt8] {
        guard let dictionary = ZstdDictionary.train(samples: Array(encoded.prefix(batchSize))) else {
            throw LedgerStoreError.io(path: "zstd", reason: "dictionary training failed")
        }
        return dictionary
    }

    static func percent(_ ratio: Double) -> String { String(format: "%.1f%%", ratio * 100) }

    static func ledgerRound(_ batches: [[Event]], pipelined: Bool) throws -> (append: Double, read: Double, vault: String) {
        let (ledger, master, vault) = try scratchLedger("ledger")
        let started = Date()
        if pipelined {
            let appender = BulkAppender(ledger: ledger)
            for batch in batches { try appender.add(batch) }
            try appender.finish()
        } else {
            for batch in batches { try ledger.append(batch) }
        }
        let appendSeconds = Date().timeIntervalSince(started)
        let events = batches.joined()
        let reader = try Ledger(directory: vault, masterKey: master)
        let readStarted = Date()
        var seen = 0
        try reader.forEach { _ in seen += 1; return true }
        precondition(seen == events.count)
        return (appendSeconds, Date().timeIntervalSince(readStarted), vault)
    }

    static func report(vault: String, count: Int) throws {
        let dataFile = fileSize(vault + "/data.mdb")
        print("mixed vault: data.mdb \(dataFile / 1_048_576) MiB = \(dataFile / count) bytes/event (log, index, batches, meta)")
    }

    /// Disk per Apple-Health-like sample event: a vault of quantity samples only.
    static func sampleDisk() throws {
        let count = 200_000
        var sampleGenerator = DemoGenerator(seed: 7)
        let samples = sampleGenerator.healthKitSamples(count: count)
        let (ledger, _, vault) = try scratchLedger("samples")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            try ledger.append(Array(samples[batchStart..<min(batchStart + batchSize, count)]))
        }
        let stats = try ledger.storageStatistics()
        let encodedAverage = Double(samples.reduce(0) { $0 + EnvelopeCodec.encode($1).count }) / Double(count)
        print("HK samples (\(count)): encoded \(String(format: "%.1f", encodedAverage)) B → sealed record \(String(format: "%.1f", stats.averageRecordBytes)) B (target ≤ 80)")
        let compacted = vault + "-compacted"
        try FileManager.default.createDirectory(atPath: compacted, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: compacted) }
        try ledger.copyCompacted(to: compacted)
        print("  whole file \(fileSize(vault + "/data.mdb") / count) B/event (\(fileSize(compacted + "/data.mdb") / count) B/event compacted); LMDB pages: log \(stats.logBytes / count) B/event, dedup index \(stats.indexBytes / count) B/event")
    }
}
