import Foundation

/// Writes text as a QR code PNG with `qrencode` (Debian's qrencode package) when it is installed.
enum QRCode {
    static func write(_ text: String, to png: String) throws {
        guard let tool = PNGConverter.executable("qrencode") else {
            throw ExitStatus.Failure(
                status: .ioError, message: "a QR code needs qrencode, which is not installed (Debian/Ubuntu: apt-get install qrencode); the link above is complete without it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = ["--type", "PNG", "--size", "6", "--level", "M", "--output", png, text]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExitStatus.Failure(status: .ioError, message: "qrencode could not write \(png): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
        }
        FileHandle.standardError.write(Data("wrote \(png)\n".utf8))
    }
}
