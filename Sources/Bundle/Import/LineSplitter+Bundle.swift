public import LedgerCore

/// A bundle's `events.jsonl` cut into lines, within `LineSplitter`'s bounds for lines of
/// events, a refusal said as the bundle's error.
extension LineSplitter {
    /// `split(_:_:)`, refusing as a bundle that was not made by `export bundle`.
    public mutating func splitEvents(_ chunk: UnsafeRawBufferPointer, _ body: ([UInt8]) throws -> Void) throws {
        do {
            try split(chunk, body)
        } catch let refusal as Refusal {
            throw BundleError(refusedEvents: refusal)
        }
    }

    /// `finish(_:)`, refusing as `splitEvents` does.
    public mutating func finishEvents(_ body: ([UInt8]) throws -> Void) throws {
        do {
            try finish(body)
        } catch let refusal as Refusal {
            throw BundleError(refusedEvents: refusal)
        }
    }
}

extension BundleError {
    init(refusedEvents refusal: LineSplitter.Refusal) {
        switch refusal {
        case .lineTooLong(let line, let limit):
            self.init(
                .notABundle,
                "\(BundleLayout.events) line \(line) is longer than \(EventLimits.describe(bytes: limit)), more than any event takes; nothing of the bundle was used: it was not made by `healthledger export bundle`")
        case .tooManyLines(let limit):
            self.init(
                .notABundle,
                "\(BundleLayout.events) has more than \(limit) lines, more than a lifetime's ledger holds; nothing of the bundle was used: ask its sender for a bundle of a shorter range (`export bundle --from … --to …`)")
        }
    }
}
