/// Input an entry refuses, with the message a person reads: it names the input and what to
/// give instead. The CLI exits with its invalid-input status; a page shows it.
public struct EntryRejected: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
