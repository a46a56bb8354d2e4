import Migrations
import Projections

/// What `healthledger --version` prints: the release, and what a vault written by this build
/// holds (its format, each view's algorithm version), which is what decides whether another
/// build can open it or must replay its views.
enum BuildVersion {
    static let release = "0.1.0"

    static var text: String {
        let views = [
            (DailyMetricsView.name, DailyMetricsView.version), (CalorieCreditView.name, CalorieCreditView.version),
            (VitalsView.name, VitalsView.version), (FaceModelsView.name, FaceModelsView.version), (QueryIndexView.name, QueryIndexView.version),
        ]
        return "healthledger \(release)\nvault format \(VaultFormat.current)\nviews: "
            + views.map { "\($0.0) v\($0.1)" }.joined(separator: ", ")
    }
}
