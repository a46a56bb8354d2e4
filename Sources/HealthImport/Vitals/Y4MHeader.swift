/// The stream header of a YUV4MPEG2 file (`ffmpeg … -f yuv4mpegpipe -`): frame size, rate,
/// chroma layout and range.
struct Y4MHeader {
    let width: Int
    let height: Int
    /// Frames per second.
    let rate: Double
    /// Chroma plane width and height (0 for monochrome).
    let chromaWidth: Int
    let chromaHeight: Int
    /// Full-range (JPEG) samples, rather than video range (16–235).
    let fullRange: Bool

    init(line: String, source: String) throws(ImportError) {
        let fields = line.split(separator: " ")
        guard fields.first == "YUV4MPEG2" else { throw .malformed(source, "not a YUV4MPEG2 stream") }
        var width = 0, height = 0, rate = 0.0, colour = "420jpeg", fullRange = false
        for field in fields.dropFirst() {
            let value = String(field.dropFirst())
            switch field.first {
            case "W": width = Int(value) ?? 0
            case "H": height = Int(value) ?? 0
            case "F":
                let parts = value.split(separator: ":").compactMap { Double($0) }
                if parts.count == 2, parts[1] > 0 { rate = parts[0] / parts[1] }
            case "C": colour = value
            case "X": if value == "COLORRANGE=FULL" { fullRange = true }
            default: break
            }
        }
        guard width > 0, height > 0 else { throw .malformed(source, "the Y4M header has no frame size (W… H…)") }
        guard rate > 0 else { throw .malformed(source, "the Y4M header has no frame rate (F…:…)") }
        switch colour {
        case "420jpeg", "420paldv", "420mpeg2", "420":
            (chromaWidth, chromaHeight) = ((width + 1) / 2, (height + 1) / 2)
        case "422": (chromaWidth, chromaHeight) = ((width + 1) / 2, height)
        case "444": (chromaWidth, chromaHeight) = (width, height)
        case "mono": (chromaWidth, chromaHeight) = (0, 0)
        default:
            throw .malformed(source, "Y4M colour space C\(colour) is not read (8-bit 420, 422, 444 or mono are): convert with ffmpeg -pix_fmt yuv420p")
        }
        (self.width, self.height, self.rate, self.fullRange) = (width, height, rate, fullRange)
    }

    var frameBytes: Int { width * height + 2 * chromaWidth * chromaHeight }
}
