import ArgumentParser
import Charts
import Foundation
import Projections

struct Card: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "A session's summary card to share: SVG, or PNG through rsvg-convert (Debian: librsvg2-bin).")
    @Argument(help: "The session: the start of its id, or #N of the event that started it.") var session: String
    @Option(help: "The image to write: NAME.svg or NAME.png.") var out: String
    @OptionGroup var view: ViewOptions
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
        let svg = SessionCard.svg(found, readings: try state.readings(of: found))
        guard out.lowercased().hasSuffix(".png") else {
            try write(svg, to: out)
            print("wrote the card of session \(found.shortID) to \(out)")
            return
        }
        // The SVG goes beside the PNG first: it is what the converter reads, and what the
        // person keeps when no converter is installed.
        let svgFile = String(out.dropLast(4)) + ".svg"
        try write(svg, to: svgFile)
        try PNGConverter.convert(svgFile: svgFile, to: out, zoom: 2)
        try? FileManager.default.removeItem(atPath: svgFile)
        print("wrote the card of session \(found.shortID) to \(out)")
    }
}

/// Writes a text file the owner alone may read, mapping failures to a clear error.
func write(_ text: String, to path: String) throws {
    try PrivateOutput.write(text, to: path)
}
