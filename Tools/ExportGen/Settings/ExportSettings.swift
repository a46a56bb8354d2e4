/// What the person asked the generator for.
struct ExportSettings {
    /// Top-level elements (other than ExportDate) plus ECG files: what the manifest calls `total`.
    let targetTotal: Int
    let seed: UInt64
    /// Write the oddities of real exports (see `ExportSchedule` and the writers).
    let quirks: Bool
    let locale: ExportLocale
    /// The main XML's file name inside `apple_health_export/`.
    let xmlName: String
    /// False for an XML-only export: with no zip there are no route or ECG files to write,
    /// so ECGs are neither generated nor counted.
    let writesFiles: Bool
}
