import ArgumentParser
import LedgerCore

/// `--json` for the commands that report what they did (an entry stored, a key made, a vault
/// unlocked): the result as JSON and nothing else on standard output, so a script reads it
/// without parsing sentences. Progress and warnings stay on standard error.
struct JSONOutput: ParsableArguments {
    @Flag(help: "Print the result as JSON, one object per line, and nothing else on standard output.")
    var json = false

    /// Prints `document` as one line.
    func print(_ document: Document) {
        Swift.print(JSONWriter.string(document))
    }
}
