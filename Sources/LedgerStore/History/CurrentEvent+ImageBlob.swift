import LedgerCore

extension CurrentEvent {
    /// The blob of the image this event refers to, as stored and as corrected: nil when it
    /// refers to none, or a correction names another than the stored event did.
    public var imageBlob: String? {
        let names = Set([event, stored.event].compactMap { event -> String? in
            if case .string(let name)? = event.payload["imageBlob"] { name } else { nil }
        })
        return names.count == 1 ? names.first : nil
    }
}
