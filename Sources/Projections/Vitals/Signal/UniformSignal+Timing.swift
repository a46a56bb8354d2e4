public import LedgerCore
public import Numerical

extension UniformSignal {
    /// A recording's samples at the steady rate or the offsets it names.
    public init(values: [Double], timing: SampleTiming) {
        switch timing {
        case .rate(let rate): self.init(values: values, rate: rate)
        case .offsets(let offsets): self.init(values: values, offsets: offsets)
        }
    }
}
