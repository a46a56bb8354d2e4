import ArgumentParser
import Charts
import Foundation
import LedgerCore
import Projections

struct Card: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "A session's summary card to share: SVG, or PNG through rsvg-convert (Debian: librsvg2-bin).")
    @Argument(help: "The session: the start of its id, or #N of the event that started it.") var session: String
    @Option(help: "The image to write: NAME.svg or NAME.png.", completion: .file(extensions: ["svg", "png"])) var out: String
    @OptionGroup var view: ViewOptions
    @OptionGroup var output: JSONOutput
    @OptionGroup var vault: VaultOptions

    func validate() throws {
        guard out.lowercased().hasSuffix(".svg") || out.lowercased().hasSuffix(".png") else {
            throw ValidationError("--out \(out) must end in .svg or .png")
        }
    }

    func run() throws {
        let ledger = try vault.openLedger()
        let state = try view.state(VitalsView.self, ledger: ledger)
        let found = try SessionLookup.find(session, in: state, ledger: ledger)
        let readings = try state.readings(of: found)
        let svg = SessionCard.svg(found, readings: readings)
        guard out.lowercased().hasSuffix(".png") else {
            try write(svg, to: out)
            return report(found, readings)
        }
        // The converter reads the SVG from a hidden file of this run's beside the PNG, removed
        // after: a NAME.svg that is already there is the person's, never replaced or deleted.
        // Without a converter the SVG is kept as NAME.svg, when that name is free.
        guard PNGConverter.executable("rsvg-convert") != nil else {
            let svgFile = String(out.dropLast(4)) + ".svg"
            var status = stat()
            guard lstat(svgFile, &status) != 0 else {
                throw ExitStatus.Failure(status: .ioError, message: "a PNG needs rsvg-convert, which is not installed (Debian/Ubuntu: apt-get install librsvg2-bin), "
                    + "and \(svgFile) already exists, so the card was not kept as SVG either; give --out another name, or install the converter")
            }
            try write(svg, to: svgFile)
            try PNGConverter.convert(svgFile: svgFile, to: out, zoom: 2)
            return
        }
        let url = URL(fileURLWithPath: out)
        let svgFile = url.deletingLastPathComponent().path + "/.\(url.lastPathComponent).\(UInt64.random(in: 0...UInt64.max)).svg"
        try write(svg, to: svgFile)
        defer { unlink(svgFile) }
        try PNGConverter.convert(svgFile: svgFile, to: out, zoom: 2)
        report(found, readings)
    }

    /// What was written; as JSON, the card's fields as `history show --json` gives them and the file.
    private func report(_ session: VitalsSession, _ readings: [VitalReading]) {
        guard output.json else { return print("wrote the card of session \(session.shortID) to \(out)") }
        var document = session.document(readings: readings)
        document["file"] = .string(out)
        output.print(document)
    }
}

/// Writes a text file the owner alone may read, mapping failures to a clear error.
func write(_ text: String, to path: String) throws {
    try PrivateFile.writeOutput(text, to: path)
}
