import ArgumentParser

/// `healthledger cohort`: pooled, pseudonymised datasets of many participants' bundles.
struct CohortCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cohort",
        abstract: "Build a pseudonymised Parquet dataset of many participants' bundles, for DuckDB and Spark.",
        subcommands: [CohortBuild.self, CohortKeygen.self])
}
