import Foundation
import HTTPTypes
import Hummingbird
import LedgerCore

/// The listener's answers: JSON, short, about the request only.
enum IngestAnswer {
    static func stored(_ receipt: IngestReceipt) -> Response {
        var document: Document = [
            "readings": .int(Int64(receipt.readings)), "stored": .int(Int64(receipt.stored)),
            "alreadyStored": .int(Int64(receipt.alreadyStored)), "unmapped": .int(Int64(receipt.unmapped)),
            "notImported": .array(receipt.notImported.map(DocValue.string)),
        ]
        // Only when some were: an answer says nothing it need not.
        if !receipt.alreadyStoredFrom.isEmpty {
            document["alreadyStoredFrom"] = .map(Document(receipt.alreadyStoredFrom.sorted { $0.key < $1.key }.map { ($0.key, .int(Int64($0.value))) }))
        }
        return json(.ok, document)
    }

    static func unauthorized(_ message: String) -> Response {
        refusal(.unauthorized, message, headers: [.wwwAuthenticate: "Bearer realm=\"healthledger\""])
    }

    /// A payload refused whole: the field it is wrong at, and why.
    static func badPayload(field: String?, _ message: String) -> Response {
        var document: Document = ["error": .string(message + "; nothing of this request was stored")]
        document.set("field", field.map { .string($0) })
        return json(.badRequest, document)
    }

    static func refusal(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) -> Response {
        json(status, ["error": .string(message)], headers: headers)
    }

    private static func json(_ status: HTTPResponse.Status, _ document: Document, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: JSONWriter.string(document) + "\n")))
    }

    /// A line on stderr for the person running the listener; never a request's content.
    static func log(_ message: String) {
        FileHandle.standardError.write(Data("healthledger ingest: \(message)\n".utf8))
    }
}
