import ArgumentParser

/// The options of every plaintext export beside its destination and `--force`.
struct PlaintextExportOptions: ParsableArguments {
    @Flag(help: "When the daily metrics view is from another algorithm version, replay it first.") var autoReplay = false
    @Flag(help: "Print the summary as one JSON object.") var json = false
    @OptionGroup var vault: VaultOptions
}
