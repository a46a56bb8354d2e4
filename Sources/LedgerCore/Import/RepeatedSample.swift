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
    public static func fingerprint(payload: Document) -> UInt64 {
        guard case .map(let document)? = payload["metadata"], !document.fields.isEmpty else { return 0 }
        var metadata: [String: String] = [:]
        for field in document.fields { if case .string(let text) = field.value { metadata[field.name] = text } }
        return fingerprint(metadata)
    }

    /// A fingerprint of the metadata that tells samples apart; 0 when there is none.
    ///
    /// FNV-1a over the sorted keys and values: stored in views, so it must not depend on the
    /// process (Swift's `Hasher` is seeded per run).
    public static func fingerprint(_ metadata: [String: String]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var any = false
        for (key, value) in metadata.sorted(by: { $0.key < $1.key }) where !saveMetadataKeys.contains(key) {
            any = true
            for text in [key, value] {
                for byte in text.utf8 {
                    hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
                }
                hash = (hash ^ 0xFF) &* 0x100_0000_01b3
            }
        }
        return any ? max(hash, 1) : 0
    }
}
