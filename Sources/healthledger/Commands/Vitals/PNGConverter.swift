import Foundation

/// Rasterises an SVG with `rsvg-convert` when it is installed; otherwise writes the SVG
/// beside the asked-for PNG and says how to get the converter.
enum PNGConverter {
    static func convert(_ svg: String, to path: String) throws {
        let fallback = String(path.dropLast(4)) + ".svg"
        guard let tool = executable("rsvg-convert") else {
            try write(svg, to: fallback)
            throw ExitStatus.Failure(
                status: .ioError,
                message: "a PNG needs rsvg-convert, which is not installed (Debian/Ubuntu: apt-get install librsvg2-bin); wrote the SVG card to \(fallback) instead")
        }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("healthledger-card-\(UUID().uuidString).svg").path
        try write(svg, to: source)
        defer { try? FileManager.default.removeItem(atPath: source) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--zoom", "2", "--output", path, source]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExitStatus.Failure(status: .ioError, message: "rsvg-convert could not write \(path): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
    }

    /// The first `name` on PATH that can run.
    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
