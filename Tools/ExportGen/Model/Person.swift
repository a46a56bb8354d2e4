/// The made-up person whose export this is, and the apps and devices that write their data.
enum Person {
    static let name = "Anna Keller"
    static let dateOfBirth = CivilDate(year: 1988, month: 4, day: 12)
    static let homeLatitude = 52.5163
    static let homeLongitude = 13.3777
    static let tripLatitude = 51.5081
    static let tripLongitude = -0.0759

    static let watch = Source(name: "Anna’s Apple Watch", version: "10.2", device: Device(
        name: "Apple Watch", manufacturer: "Apple Inc.", model: "Watch", hardware: "Watch6,7", software: "10.2",
        address: 0x2_82a4_5810))
    static let phone = Source(name: "Anna’s iPhone", version: "17.2.1", device: Device(
        name: "iPhone", manufacturer: "Apple Inc.", model: "iPhone", hardware: "iPhone14,2", software: "17.2.1",
        address: 0x2_8130_4c20))
    /// The phone while abroad, after a rename that left a vertical tab (U+000B) in its
    /// name: real exports carry such control characters, which XML 1.0 forbids.
    static let renamedPhone = phone.renamed("Anna’s\u{0B}iPhone")
    /// What ECG files name as the recording device and the ECG app's version.
    static let ecgHardware = "Watch6,7"
    static let ecgSoftwareVersion = "2"

    static func scale(quirks: Bool) -> Source {
        Source(name: "Withings", version: "6.2.1", order: quirks ? .valueFirst : .current)
    }

    static func nutrition(quirks: Bool) -> Source {
        Source(name: "MyFitnessPal", version: "23.41.0", order: quirks ? .valueFirst : .current)
    }

    static func bloodPressureCuff(quirks: Bool) -> Source {
        Source(name: "OMRON connect", version: "8.4.0", device: Device(
            name: "BP7450", manufacturer: "OMRON HEALTHCARE Co., Ltd.", model: "BP7450", hardware: "1", software: "1.2",
            address: 0x2_83c1_9e40), order: quirks ? .valueFirst : .current)
    }
}
