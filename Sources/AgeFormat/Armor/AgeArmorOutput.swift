import Foundation
import LedgerCore

/// Encodes an age file in ASCII armor (strict PEM, 64-column lines, LF ends) as it is
/// written; ``AgeWriter`` uses it when made with `armored: true`.
final class AgeArmorOutput: AgeOutput {
    private static let bytesPerLine = 48
    private let output: any AgeOutput
    /// Bytes short of a whole line, kept for the next write or the last line.
    private var pending: [UInt8] = []

    init(_ output: any AgeOutput) throws {
        self.output = output
        try emit(AgeArmorInput.beginLine + [0x0A])
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
        pending.append(contentsOf: bytes)
        let whole = pending.count / Self.bytesPerLine * Self.bytesPerLine
        guard whole > 0 else { return }
        let lines = Data(pending[..<whole]).base64EncodedString(options: [.lineLength64Characters, .endLineWithLineFeed])
        pending.removeFirst(whole)
        try emit(Array((lines + "\n").utf8))
    }

    /// Writes the last, padded line and the END line.
    func finish() throws {
        let last = pending.isEmpty ? "" : Data(pending).base64EncodedString() + "\n"
        pending.removeAll()
        try emit(Array(last.utf8) + AgeArmorInput.endLine + [0x0A])
    }

    private func emit(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try output.write($0) }
    }
}
