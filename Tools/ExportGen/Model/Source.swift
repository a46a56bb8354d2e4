/// An app or device that wrote samples into Health, as the export names it.
struct Source {
    let name: String
    let version: String?
    let device: Device?
    let order: AttributeOrder
    /// `name` escaped for an attribute, once rather than for every record.
    let escapedName: String

    init(name: String, version: String?, device: Device? = nil, order: AttributeOrder = .current) {
        self.name = name
        var text = XMLBytes()
        text.appendEscaped(name)
        escapedName = String(decoding: text.bytes, as: UTF8.self)
        self.version = version
        self.device = device
        self.order = order
    }

    /// The same source under another name, as after renaming a phone.
    func renamed(_ newName: String) -> Source {
        Source(name: newName, version: version, device: device, order: order)
    }
}
