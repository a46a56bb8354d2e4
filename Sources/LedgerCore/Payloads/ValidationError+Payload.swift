/// Helpers that let payload decoders name the kind and the full path of a bad field.
extension ValidationError {
    /// The same error attributed to `kind`, so a person sees which event it was.
    func tagged(_ kind: EventKind) -> ValidationError {
        var copy = self
        copy.kind = kind
        return copy
    }

    /// The same error with its field placed under `path` (`samples[1].unit`), for nested values.
    func nested(in path: String) -> ValidationError {
        ValidationError(kind: kind, field: "\(path).\(field)", value: value, reason: reason)
    }
}
