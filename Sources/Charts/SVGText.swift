import Foundation

/// What pictures share besides their writer: coordinates with two decimals, the palette,
/// and how wide text renders. Text is escaped by `Markup`.
enum SVGText {
    static func number(_ value: Double) -> String { String(format: "%.2f", value) }

    /// A colour-blind-safe palette (Okabe–Ito), one per series.
    static let palette = ["#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"]

    static func color(_ index: Int) -> String { palette[index % palette.count] }

    /// How wide `text` may render in a sans-serif face at `size` pixels: per character a
    /// little more than DejaVu Sans and Liberation Sans advance, so that room reserved by
    /// it is never too little.
    static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        let ems = text.reduce(0.0) { total, character in
            let em: Double = "mwMW@".contains(character) ? 1.0
                : character.isUppercase ? 0.78
                : "il.,:;|!'()[]{} ".contains(character) ? 0.4
                : 0.64
            return total + em
        }
        return ems * size * (bold ? 1.1 : 1)
    }
}
