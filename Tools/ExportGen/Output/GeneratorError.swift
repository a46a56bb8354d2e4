/// A failure the generator explains in words.
struct GeneratorError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
