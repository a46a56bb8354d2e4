/// What the first pass found: how many days the requested total takes, where the last
/// day stops, and exactly how many bytes and elements the export holds.
struct ExportLayout {
    /// Days with at least one element; the last may be cut short.
    let days: Int
    /// The stream at which the last day stops, and how many elements that stream may still
    /// write there; streams after it are left out of the last day.
    let lastStream: ExportStream
    let lastStreamBudget: Int
    let xmlSize: Int64
    let manifest: ExportManifest
    /// The next morning after the last day: after every date in the export.
    let exportDate: Int64

    /// Whether `stream` is written on `day`, and with what budget (nil: no limit).
    func includes(_ stream: ExportStream, day: Int) -> (included: Bool, budget: Int?) {
        if day < days - 1 { return (true, nil) }
        if day > days - 1 || stream.rawValue > lastStream.rawValue { return (false, nil) }
        return (true, stream == lastStream ? lastStreamBudget : nil)
    }
}
