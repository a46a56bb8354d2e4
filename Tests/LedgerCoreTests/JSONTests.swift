import Testing
@testable import LedgerCore

@Suite("JSON reader and writer")
struct JSONTests {
    @Test("values parse to the DocValue they denote", arguments: [
        ("null", DocValue.null), ("true", .bool(true)), ("false", .bool(false)),
        ("0", .int(0)), ("-12", .int(-12)), ("9223372036854775807", .int(.max)),
        ("72.5", .double(72.5)), ("-0.25", .double(-0.25)), ("1e3", .double(1000)), ("2.5E-2", .double(0.025)),
        ("\"a\\\"b\\\\c\\/d\\n\\t\"", .string("a\"b\\c/d\n\t")), ("\"\\u00e9\\u20AC\"", .string("é€")),
        ("\"\\ud83d\\ude00\"", .string("😀")), ("\"héllo 😀\"", .string("héllo 😀")),
        ("[]", .array([])), (" [1, \"x\", null] ", .array([.int(1), .string("x"), .null])),
        ("{}", .map([:])), ("{\"b\": 1, \"a\": {\"c\": []}}", .map(["b": .int(1), "a": .map(["c": .array([])])])),
    ])
    func parses(text: String, expected: DocValue) throws {
        #expect(try JSONParser.parse(text) == expected)
    }

    @Test("object fields keep their order")
    func fieldOrder() throws {
        let document = try JSONParser.parseObject(#"{"z":1,"a":2,"m":3}"#)
        #expect(document.fields.map(\.name) == ["z", "a", "m"])
    }

    @Test("malformed JSON is rejected with the offset where it goes wrong", arguments: [
        ("", 0), ("[1,]", 3), ("{\"a\":1,}", 7), ("{\"a\" 1}", 5), ("[1 2]", 3), ("tru", 0), ("\"abc", 4),
        ("\"a\u{1}\"", 2), ("\"\\x\"", 3), ("\"\\ud83d\"", 7), ("\"\\u12\"", 3), ("[1]x", 3), ("nul", 0),
        ("+1", 0), ("01", 0), (".5", 0), ("1.", 0), ("-", 0), ("1.e5", 0), ("-01", 0), ("1e", 0), ("1e400", 0),
        ("{\"a\":1,\"a\":2}", 7), ("[1.5.5]", 1), ("[0x10]", 2), ("[2e+]", 1),
    ])
    func rejects(text: String, offset: Int) {
        #expect {
            _ = try JSONParser.parse(text)
        } throws: { error in
            (error as? JSONError)?.offset == offset
        }
    }

    @Test("nesting deeper than 64 levels is rejected")
    func depthLimit() {
        #expect(throws: JSONError.self) { try JSONParser.parse(String(repeating: "[", count: 65) + String(repeating: "]", count: 65)) }
        #expect(throws: Never.self) { try JSONParser.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)) }
    }

    @Test("parseObject rejects a non-object")
    func parseObjectNeedsObject() {
        #expect(throws: JSONError(message: "expected a JSON object", offset: 0)) { try JSONParser.parseObject("[1]") }
    }

    @Test("writer output reads back as the same document")
    func roundTrip() throws {
        let document: Document = [
            "text": .string("quote \" backslash \\ newline \n tab \t bell \u{7} é 😀"),
            "int": .int(-42), "big": .int(.min), "double": .double(0.1), "tiny": .double(1e-7), "huge": .double(1.5e300),
            "flag": .bool(false), "none": .null, "list": .array([.int(1), .array([]), .map([:])]),
            "nested": .map(["k": .string("v")]),
        ]
        let text = JSONWriter.string(document)
        #expect(try JSONParser.parseObject(text) == document)
    }

    @Test("writer output is compact and escapes control characters", arguments: [
        (["a": .string("x\u{1}y")] as Document, #"{"a":"x\u0001y"}"#),
        (["n": .double(72), "m": .double(-0.5), "b": .bytes([1, 2, 3])] as Document, #"{"n":72.0,"m":-0.5,"b":"AQID"}"#),
        (["x": .double(.nan)] as Document, #"{"x":null}"#),
    ])
    func writes(document: Document, expected: String) {
        #expect(JSONWriter.string(document) == expected)
    }

    @Test("bytes written as base64 read back through optionalBytes")
    func bytesAsBase64() throws {
        let document = try JSONParser.parseObject(JSONWriter.string(["blob": .bytes([0, 255, 16])]))
        #expect(try document.optionalBytes("blob") == [0, 255, 16])
    }
}
