import Synchronization

/// Hands out the blocks of `0..<count` one at a time to whichever thread asks next, so two
/// threads sharing a chunk of records each take as much as they have time for: a worker
/// starts at once, and the calling thread joins when it is done with its own work (checking
/// or delivering the chunk before), instead of each owning a fixed share of the records.
final class BlockClaims: Sendable {
    /// The records a thread claims at a time, 2⁶: few enough that neither thread waits long
    /// for the other's last block, and in an aligned chunk a perfect Merkle subtree.
    static let blockHeight = 6

    let count: Int
    let blockSize: Int
    private let next = Atomic<Int>(0)

    init(count: Int, blockSize: Int = 1 << blockHeight) {
        self.count = count
        self.blockSize = blockSize
    }

    /// The next unclaimed block's index, or nil once every block is claimed.
    func claim() -> Int? {
        let block = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return block < blocks ? block : nil
    }

    /// The records of block `index`.
    func range(of block: Int) -> Range<Int> {
        (block * blockSize)..<min(count, (block + 1) * blockSize)
    }

    var blocks: Int { (count + blockSize - 1) / blockSize }
}
