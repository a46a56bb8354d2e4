/// How large one event may be, shared by every writer and every reader so that nothing
/// can be stored that the vault then refuses to read back.
public enum EventLimits {
    /// The most bytes an encoded event (envelope and payload, before compression) may take.
    /// Large content (images, recordings) belongs in blobs, which have no such limit.
    public static let maximumEncodedSize = 1 << 26

    /// The most named fields a payload may have, counting those of objects nested in it
    /// but not the items of its lists. Each field becomes a column of the query index: an
    /// event with hundreds of thousands of them would take minutes to index.
    public static let maximumFields = 1_000

    /// `count` bytes as a person reads them: "64 MiB".
    public static func describe(bytes count: Int) -> String {
        count >= 1 << 20 && count % (1 << 20) == 0 ? "\(count >> 20) MiB" : "\(count) bytes"
    }

    /// How many named fields `document` has, counted as `maximumFields` counts them.
    /// Recursive rather than with a work list: this runs for every imported event, and
    /// documents nest only as deep as the JSON reader allows.
    public static func fieldCount(_ document: Document) -> Int {
        var count = document.fields.count
        for field in document.fields { if case .map(let inner) = field.value { count += fieldCount(inner) } }
        return count
    }
}
