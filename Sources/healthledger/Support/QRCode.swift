import Foundation

/// Writes text as a QR code PNG with `qrencode` (Debian's qrencode package) when it is installed.
enum QRCode {
    static func write(_ text: String, to png: String) throws {
        guard let tool = PNGConverter.executable("qrencode") else {
            throw ExitStatus.Failure(
                status: .ioError, message: "a QR code needs qrencode, which is not installed (Debian/Ubuntu: apt-get install qrencode); the link above is complete without it")
        }
        try PNGConverter.writePNG(png, with: tool, ["--type", "PNG", "--size", "6", "--level", "M", "--output", png, text])
        FileHandle.standardError.write(Data("wrote \(png)\n".utf8))
    }
}
