import CMalloc

/// Sets how glibc's allocator returns memory, so a long import's resident size follows what
/// it holds rather than what it once held.
///
/// By default glibc raises its mmap threshold each time a large block is freed, so after the
/// first batches every batch's bytes come from a heap instead of a mapping of their own. The
/// import's four threads each allocate from their own heap and free on another's, and a heap
/// only shrinks from its top: each kept its high-water mark. A fixed threshold keeps large
/// blocks in their own mappings, unmapped on free. It is 1 MB rather than 128 KB because the
/// import trims its heaps as it goes (`BulkAppender`), and mapping every mid-sized block cost
/// more than it saved. The figures are in docs/performance.md (`MemoryPolicy.configureHeap`).
extension MemoryPolicy {
    /// Blocks of this size or more get their own mapping.
    static let mappedBlockSize: Int32 = 1 << 20
    /// Free memory at a heap's top beyond this goes back to the kernel.
    static let trimThreshold: Int32 = 1 << 20

    /// Called once, as the process starts.
    public static func configureHeap() {
        // Setting either one also stops glibc from adjusting the threshold itself.
        mallopt(M_MMAP_THRESHOLD, mappedBlockSize)
        mallopt(M_TRIM_THRESHOLD, trimThreshold)
    }

    /// Gives the heap's freed pages back to the system. Work on several threads frees in
    /// several malloc arenas, which otherwise keep what they held at their fullest.
    static func releaseFreedHeap() { malloc_trim(0) }
}
