/// A file of the export besides the XML, named by the day whose plan describes it.
enum ExportFile: Equatable {
    /// `workout-routes/route_….gpx` of the day's workout.
    case route(day: Int)
    /// `electrocardiograms/ecg_….csv` of the day's ECG.
    case electrocardiogram(day: Int)
}
