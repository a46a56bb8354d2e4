import Glibc

/// This process's resident file-backed memory, as the kernel counts it in /proc/self/statm
/// (its third field: pages mapped from files, shared memory included).
enum ResidentFileMemory {
    /// Kept open: reading it again from offset 0 is one system call that the kernel answers
    /// from its counters, cheap enough to ask on every read of a view's partition.
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    private static let pageSize = Int(getpagesize())

    /// Bytes, or 0 where /proc is not mounted (then nothing is ever released early).
    static func bytes() -> Int {
        guard statm >= 0 else { return 0 }
        // Parsed in place: this is on the views' read path, where an array and a string per
        // call would be most of its cost.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { buffer in
            let count = pread(statm, buffer.baseAddress, buffer.count, 0)
            guard count > 0 else { return 0 }
            // "size resident shared text lib data dt", in pages.
            var field = 0, pages = 0
            for byte in buffer[..<count] {
                if byte == UInt8(ascii: " ") {
                    field += 1
                    if field > 2 { break }
                } else if field == 2, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                    pages = pages * 10 + Int(byte - UInt8(ascii: "0"))
                }
            }
            return pages * pageSize
        }
    }
}
