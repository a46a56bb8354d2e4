import ArgumentParser

struct Models: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "models",
        abstract: "Personal face-to-health models: ridge regression from the 24 face features to sleep score, HRV, resting HR and chosen daily metrics.",
        discussion: """
            Each capture pairs with its local day's value; a model trains from 7 pairs. Accuracy is \
            leave-one-out: every capture is predicted by a model that never saw it, whose scaling \
            and α were chosen without it. Captures come from `import faces DIR` and `append face`.
            """,
        subcommands: [ModelsList.self, ModelsShow.self, ModelsPredict.self, ModelsTargets.self],
        defaultSubcommand: ModelsList.self)
}
