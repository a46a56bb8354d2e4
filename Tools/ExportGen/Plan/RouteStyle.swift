/// How a workout's GPS route appears in the export.
enum RouteStyle {
    case none
    /// A `<FileReference>` to a GPX file in `workout-routes/` (iOS 11 and later).
    case file
    /// `<Location>` elements inside `<WorkoutRoute>`, as iOS 10 wrote them.
    case inline
}
