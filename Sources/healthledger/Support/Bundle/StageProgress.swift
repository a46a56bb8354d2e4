/// A progress line per stage of the export (events, observations, days), each counting its own.
final class StageProgress {
    private var stage = ""
    private var current: Progress?

    func update(_ stage: String, _ done: Int) {
        if stage != self.stage {
            current?.finish()
            current = Progress("bundle: \(stage)", unit: stage)
            self.stage = stage
        }
        current?.update(done)
    }

    func finish() { current?.finish() }
}
