import Glibc

/// This process's resident file-backed memory, as the kernel counts it in /proc/self/statm
/// (its third field: pages mapped from files, shared memory included).
enum ResidentFileMemory {
    /// Kept open: reading it again from offset 0 is one system call that the kernel answers
    /// from its counters, cheap enough to ask every few thousand page faults.
    private static let statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)

    /// Bytes, or 0 where /proc is not mounted (then nothing is ever released early).
    static func bytes() -> Int {
        guard statm >= 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { pread(statm, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return 0 }
        // "size resident shared text lib data dt", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 3, let pages = Int(String(decoding: fields[2], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
