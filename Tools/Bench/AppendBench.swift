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

        var bareRates: [Double] = []
        var ledgerRates: [Double] = []
        var readRates: [Double] = []
        for round in 1...2 {
            let bareDirectory = scratchDirectory("bare")
            let bareSeconds = bare.run(directory: bareDirectory)
            bareRates.append(Double(count) / bareSeconds)
            try? FileManager.default.removeItem(atPath: bareDirectory)

            let (ledgerSeconds, readSeconds, vault) = try ledgerRound(events)
            ledgerRates.append(Double(count) / ledgerSeconds)
            readRates.append(Double(count) / readSeconds)
            print("round \(round): bare \(format(bareRates.last!)) ev/s · ledger \(format(ledgerRates.last!)) ev/s · read \(format(readRates.last!)) ev/s")
            if round == 2 { try report(vault: vault, count: count) }
            try? FileManager.default.removeItem(atPath: vault)
        }
        let ratio = ledgerRates.max()! / bareRates.max()!
        print("append: ledger \(format(ledgerRates.max()!)) ev/s = \(String(format: "%.1f", ratio * 100))% of bare \(format(bareRates.max()!)) ev/s (target ≥ 75%)")
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

    static func ledgerRound(_ events: [Event]) throws -> (append: Double, read: Double, vault: String) {
        let vault = scratchDirectory("ledger")
        var phrase = Array("bench".utf8)
        let (master, _) = try VaultKeys.create(at: vault, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        let ledger = try Ledger(directory: vault, masterKey: master)
        let started = Date()
        for batchStart in stride(from: 0, to: events.count, by: batchSize) {
            try ledger.append(Array(events[batchStart..<min(batchStart + batchSize, events.count)]))
        }
        let appendSeconds = Date().timeIntervalSince(started)
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
        let vault = scratchDirectory("samples")
        defer { try? FileManager.default.removeItem(atPath: vault) }
        var phrase = Array("bench".utf8)
        let (master, _) = try VaultKeys.create(at: vault, passphrase: SecretBytes(consuming: &phrase), kdf: .interactive)
        let ledger = try Ledger(directory: vault, masterKey: master)
        for batchStart in stride(from: 0, to: count, by: batchSize) {
            try ledger.append(Array(samples[batchStart..<min(batchStart + batchSize, count)]))
        }
        let stats = try ledger.storageStatistics()
        let encodedAverage = Double(samples.reduce(0) { $0 + EnvelopeCodec.encode($1).count }) / Double(count)
        print("HK samples (\(count)): encoded \(String(format: "%.1f", encodedAverage)) B → sealed record \(String(format: "%.1f", stats.averageRecordBytes)) B (target ≤ 80)")
        print("  whole file \(fileSize(vault + "/data.mdb") / count) B/event; log \(stats.logBytes / count) B/event, dedup index \(stats.indexBytes / count) B/event (LMDB pages)")
    }
}
