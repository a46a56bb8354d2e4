/// The attributes of one `<Record>`. Instants are seconds since the epoch.
struct Sample {
    let type: String
    let source: Source
    /// Nil for category samples, which have no unit.
    let unit: String?
    let value: SampleValue
    let start: Int64
    let end: Int64
    /// Nil leaves `creationDate` out, as some records in real exports do.
    let created: Int64?

    init(_ type: String, _ source: Source, unit: String?, value: SampleValue, start: Int64, end: Int64, created: Int64?) {
        self.type = type
        self.source = source
        self.unit = unit
        self.value = value
        self.start = start
        self.end = end
        self.created = created
    }
}
