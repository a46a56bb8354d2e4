public import Testing

/// Runs `body` and records any error it throws as an issue at the caller's source location.
///
/// Wrap every `propertyCheck` body that can throw in this. swift-property-based (with
/// Swift 6.2 and later) runs a body under `try?` and counts only the issues recorded inside
/// it, so an error thrown out of the body — from `try store.append(…)`, or from
/// `#expect(try parse(…) == value)` when the parse throws — is dropped and the property
/// passes. Recorded here, inside the body, the error fails the check, and the library
/// reports the failing input and its seed as for any other issue. `try #require` records
/// its own issue before it throws, so its error is not recorded a second time.
public func recordingThrownErrors(
    isolation: isolated (any Actor)? = #isolation,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
    } catch is ExpectationFailedError {
        // `#require` recorded this one already.
    } catch {
        Issue.record(error, sourceLocation: sourceLocation)
    }
}
