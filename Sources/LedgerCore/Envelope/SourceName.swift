import Foundation

/// How `log --source` compares source names, and the code of a name in the text index.
///
/// Two names are the same source when their keys are equal: the name in canonical
/// decomposition (so "é" typed or stored either way is one), case-folded as Foundation's
/// case-insensitive comparison folds it (so case, "ß" and "SS", and the Kelvin sign and "K" do
/// not matter), decomposed again. The index files
/// each event under the code of its source's key, so a search by source that reads only the
/// blocks whose filter may hold that code finds exactly what comparing every event's key does.
public enum SourceName {
    /// Source codes follow the grams' codes (`PayloadText.codeCount`); keys share this many.
    public static let codeCount = 1 << 16

    /// The bytes two names of one source share.
    public static func key(_ name: String) -> [UInt8] {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            guard byte < 0x80 else { return foldedKey(name) }
            // ASCII is its own decomposition, and folding its case lowercases it.
            ascii.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
        }
        return ascii
    }

    /// Whether `name` is the source whose key is `key`.
    public static func matches(_ name: String, key: [UInt8]) -> Bool { Self.key(name) == key }

    /// The text index's code of the source named `name`: its key's FNV-1a hash folded into
    /// `codeCount` places after the grams' codes. Names that share a code only make a search
    /// read blocks it did not need.
    public static func code(_ name: String) -> UInt32 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key(name) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return UInt32(PayloadText.codeCount) + UInt32(truncatingIfNeeded: (hash >> 32 ^ hash) & UInt64(codeCount - 1))
    }

    /// `code(_:)` of the name whose UTF-8 (already checked) is `utf8`, as an audit meets it.
    public static func code(utf8: ArraySlice<UInt8>) -> UInt32 { code(String(decoding: utf8, as: UTF8.self)) }

    /// The key of a name outside ASCII, which takes microseconds to fold: kept by name, since
    /// an import files millions of events under a few names and `log --source` compares each
    /// event it reads.
    private static func foldedKey(_ name: String) -> [UInt8] {
        knownKeys.value(name) { name in
            Array(name.decomposedStringWithCanonicalMapping.folding(options: .caseInsensitive, locale: nil).decomposedStringWithCanonicalMapping.utf8)
        }
    }

    /// A log has a handful of sources.
    private static let knownKeys = BoundedMemo<String, [UInt8]>(limit: 4_096)
}
