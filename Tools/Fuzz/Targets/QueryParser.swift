import Foundation

/// Fuzz target: the query language's lexer and parser (Sources/Query/Syntax), which read
/// whatever a person types. Any text either parses or is refused with a `QueryError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = try? Parser.parse(String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self))
    return 0
}
