import Foundation

/// Turns an SVG file into a PNG with rsvg-convert (librsvg2-bin), when it is installed.
enum PNGConverter {
    static func convert(svg: String, to png: String) throws {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":").map { "\($0)/rsvg-convert" }
        guard let tool = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw ExitStatus.Failure(status: .ioError, message: "wrote the SVG, but no rsvg-convert is installed for the PNG: install librsvg2-bin (Tools/install-packages.sh)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--format", "png", "--output", png, svg]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExitStatus.Failure(status: .ioError, message: "rsvg-convert could not write \(png) (exit \(process.terminationStatus))")
        }
        print("wrote \(png)")
    }
}
