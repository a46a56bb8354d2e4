/// The mean red intensity of each frame of a Y4M video of a fingertip on the camera: the
/// PPG signal. Frames are read one at a time from the stream.
enum Y4MRedMeans {
    /// Red for every (luma, red-difference chroma) pair, BT.601, clamped to 0…255 as an
    /// RGB frame would hold it.
    private static func redTable(fullRange: Bool) -> [Double] {
        (0..<65536).map { pair in
            let luma = Double(pair >> 8), chroma = Double(pair & 0xFF) - 128
            let red = fullRange ? luma + 1.402 * chroma : 1.164 * (luma - 16) + 1.596 * chroma
            return min(255, max(0, red))
        }
    }

    /// Reads every frame; `progress` is told the count so far.
    static func read(_ input: ByteInput, progress: (Int) -> Void = { _ in }) throws(ImportError) -> (values: [Double], rate: Double) {
        guard let line = try input.line() else { throw .malformed(input.name, "the input is empty") }
        let header = try Y4MHeader(line: line, source: input.name)
        let table = redTable(fullRange: header.fullRange)
        var means: [Double] = []
        while let marker = try input.line() {
            guard marker.hasPrefix("FRAME") else { throw .malformed(input.name, "frame \(means.count + 1) does not start with FRAME") }
            guard let frame = try input.read(exactly: header.frameBytes) else {
                throw .malformed(input.name, "frame \(means.count + 1) is cut short: the stream ended mid-frame")
            }
            means.append(mean(frame, header: header, table: table))
            progress(means.count)
        }
        guard !means.isEmpty else { throw .malformed(input.name, "the Y4M stream holds no frames") }
        return (means, header.rate)
    }

    private static func mean(_ frame: ArraySlice<UInt8>, header: Y4MHeader, table: [Double]) -> Double {
        let base = frame.startIndex
        let vPlane = base + header.width * header.height + header.chromaWidth * header.chromaHeight
        var sum = 0.0
        for row in 0..<header.height {
            let lumaRow = base + row * header.width
            let chromaRow = vPlane + (header.chromaHeight == header.height ? row : row / 2) * header.chromaWidth
            for column in 0..<header.width {
                let chroma = header.chromaWidth == 0 ? 128 : Int(frame[chromaRow + (header.chromaWidth == header.width ? column : column / 2)])
                sum += table[Int(frame[lumaRow + column]) << 8 | chroma]
            }
        }
        return sum / Double(header.width * header.height)
    }
}
