/// One tag as the scanner saw it. Its bytes point into the scanner's buffer and are valid
/// only inside the callback that receives the tag.
public struct XMLTag {
    public enum Kind { case open, empty, close }

    public let kind: Kind
    public let name: UnsafeBufferPointer<UInt8>
    public let attributes: UnsafeBufferPointer<XMLAttribute>
    /// Byte offset of the tag's `<` from the start of the document, for error locations.
    public let offset: Int

    /// The value of the attribute called `name`, if the tag has it.
    public func value(_ name: StaticString) -> UnsafeBufferPointer<UInt8>? {
        for attribute in attributes where attribute.name.elementsEqual(name) { return attribute.value }
        return nil
    }
}

/// An attribute's name and value, the value with entities decoded and control characters removed.
public struct XMLAttribute {
    public let name: UnsafeBufferPointer<UInt8>
    public let value: UnsafeBufferPointer<UInt8>
}

extension UnsafeBufferPointer<UInt8> {
    /// Byte-wise equality with a literal, without making a String.
    @inline(__always)
    public func elementsEqual(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        if count == 0 { return true }
        // Cannot fail: an empty buffer returned above.
        return memcmp(baseAddress!, literal.utf8Start, count) == 0
    }

    public var string: String { String(decoding: self, as: UTF8.self) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
