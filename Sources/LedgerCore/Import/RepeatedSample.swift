/// What makes two samples one sample saved twice: the same source, type, interval, value
/// and unit, and the same metadata once the keys a save or a sync rewrites are set aside.
///
/// Apps re-save what they already wrote (lark wrote one walk 17 times, each copy with its
/// own `creationDate`): each copy is a record of its own and is stored, but views count the
/// sample once. Metadata that says what the sample was (`HKFoodType`, a motion context)
/// keeps two samples apart even when everything else matches: two meals of 690 kcal logged
/// at the same second are two meals.
public enum RepeatedSample {
    /// Keys a writing app or a sync sets anew on every save of one sample.
    public static let saveMetadataKeys: Set<String> = [
        "HKMetadataKeySyncIdentifier", "HKMetadataKeySyncVersion", "HKExternalUUID", "HKMetadataKeyExternalUUID",
    ]

    /// The fingerprint of a payload's `metadata` map, read without decoding the payload.
    ///
    /// Views take it from every sample they fold: a map of a few keys is read in place, with
    /// no dictionary built, to the same fingerprint.
    public static func fingerprint(payload: Document) -> UInt64 {
        guard case .map(let document)? = payload["metadata"], !document.fields.isEmpty else { return 0 }
        guard document.fields.count <= longestMapReadInPlace else { return fingerprint(stringMetadata(document)) }
        return fingerprint(sortedEntries: entriesInPlace(document))
    }

    /// Beyond this many keys, looking for a key's repeats costs more than a dictionary.
    static let longestMapReadInPlace = 16

    /// The string values of `document` by key, later ones replacing earlier ones.
    static func stringMetadata(_ document: Document) -> [String: String] {
        var metadata: [String: String] = [:]
        for field in document.fields { if case .string(let text) = field.value { metadata[field.name] = text } }
        return metadata
    }

    /// What `stringMetadata` holds, less the save keys, sorted by key: each key as it was
    /// first spelled (a dictionary keeps the key it was first given) with its last value.
    private static func entriesInPlace(_ document: Document) -> [(key: String, value: String)] {
        let fields = document.fields
        var entries: [(key: String, value: String)] = []
        for index in fields.indices {
            guard case .string(var value) = fields[index].value else { continue }
            let key = fields[index].name
            let seenBefore = fields[..<index].contains { if case .string = $0.value { $0.name == key } else { false } }
            guard !seenBefore, !saveMetadataKeys.contains(key) else { continue }
            for later in fields[(index + 1)...] where later.name == key {
                if case .string(let text) = later.value { value = text }
            }
            entries.append((key, value))
        }
        return entries.sorted { $0.key < $1.key }
    }

    /// A fingerprint of the metadata that tells samples apart; 0 when there is none.
    ///
    /// FNV-1a over the sorted keys and values: stored in views, so it must not depend on the
    /// process (Swift's `Hasher` is seeded per run).
    public static func fingerprint(_ metadata: [String: String]) -> UInt64 {
        fingerprint(sortedEntries: metadata.sorted { $0.key < $1.key }.filter { !saveMetadataKeys.contains($0.key) })
    }

    /// The fingerprint of entries already sorted by key, without the save keys.
    private static func fingerprint(sortedEntries entries: [(key: String, value: String)]) -> UInt64 {
        guard !entries.isEmpty else { return 0 }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func absorb(_ text: String) {
            for byte in text.utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
            hash = (hash ^ 0xFF) &* 0x100_0000_01b3
        }
        for (key, value) in entries {
            absorb(key)
            absorb(value)
        }
        return max(hash, 1)
    }
}
