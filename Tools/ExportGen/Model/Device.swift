/// The hardware behind a source, written the way Health prints an `HKDevice` object:
/// `<<HKDevice: 0x282a45810>, name:Apple Watch, manufacturer:Apple Inc., …>`.
struct Device {
    /// The object's memory address at export time; it differs between records in real
    /// exports, so it must not be part of a record's identity.
    let address: UInt64

    /// The escaped text after the address, ready to append.
    private let escapedDescription: String

    init(name: String, manufacturer: String, model: String, hardware: String, software: String, address: UInt64) {
        self.address = address
        var text = XMLBytes()
        text.appendEscaped(">, name:\(name), manufacturer:\(manufacturer), model:\(model), hardware:\(hardware), software:\(software)>")
        escapedDescription = String(decoding: text.bytes, as: UTF8.self)
    }

    /// Appends the escaped `device` attribute value, with `address` as the object's address.
    func write(address: UInt64, into text: inout XMLBytes) {
        text.append("&lt;&lt;HKDevice: 0x")
        text.append(hex: address)
        text.append(escapedDescription)
    }
}
