import Foundation
import LedgerCore

/// Rasterises SVG files with `rsvg-convert` (Debian's librsvg2-bin) when it is installed.
enum PNGConverter {
    /// Writes `png` from the SVG file at `svgFile`; without the converter the SVG stays and
    /// the error says how to get it.
    static func convert(svgFile: String, to png: String, zoom: Int = 1) throws {
        guard let tool = executable("rsvg-convert") else {
            throw ExitStatus.Failure(
                status: .ioError,
                message: "a PNG needs rsvg-convert, which is not installed (Debian/Ubuntu: apt-get install librsvg2-bin); the SVG is at \(svgFile)")
        }
        try writePNG(png, with: tool, ["--format", "png", "--zoom", String(zoom), "--output", png, svgFile])
    }

    /// Runs `tool` (its path) with `arguments` to write `png`, which is created private first:
    /// these tools truncate the file and keep its mode, and a picture of health data is
    /// plaintext.
    static func writePNG(_ png: String, with tool: String, _ arguments: [String]) throws {
        do {
            close(try OwnerOnlyFile.open(png, existing: .truncate))
        } catch {
            throw ExitStatus.Failure(status: .ioError, message: "cannot write \(png): \(error.reason)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let name = URL(fileURLWithPath: tool).lastPathComponent
            throw ExitStatus.Failure(status: .ioError, message: "\(name) could not write \(png): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// The first `name` on PATH that can run.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
