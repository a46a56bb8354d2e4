/// The order in which a record's attributes are written. Health's writer has used more than
/// one over the years, so an importer must not depend on it.
enum AttributeOrder {
    /// type, sourceName, sourceVersion, device, unit, creationDate, startDate, endDate, value
    case current
    /// type, value, unit, sourceName, sourceVersion, device, startDate, endDate, creationDate
    case valueFirst
}
