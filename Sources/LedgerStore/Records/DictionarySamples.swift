/// Events to train a compression dictionary on, joined into one buffer as zstd takes them.
///
/// Gathered straight into that buffer: collecting them as arrays first and then joining
/// them held every sample twice, at a retraining in the middle of a large import, when
/// everything else the import holds is at its most.
struct DictionarySamples {
    static let mostCount = 10_000
    /// zstd's guide asks for about a hundred times the dictionary's size (16 kB) in samples;
    /// half of what 10,000 events take trains as good a dictionary (see docs/performance.md,
    /// "DictionarySamples.mostBytes").
    static let mostBytes = 2 << 20

    private(set) var joined: [UInt8] = []
    private(set) var sizes: [Int] = []

    var count: Int { sizes.count }
    var isFull: Bool { sizes.count >= Self.mostCount || joined.count >= Self.mostBytes }

    mutating func add(_ sample: UnsafeRawBufferPointer) {
        joined.append(contentsOf: sample)
        sizes.append(sample.count)
    }
}
