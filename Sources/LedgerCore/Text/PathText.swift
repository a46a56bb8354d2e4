/// Paths as typed text. Foundation's `NSString.deletingLastPathComponent` traps on a
/// one-character name on Linux (`init --vault v` crashed), so the folder of a path a person
/// gives is found here.
public enum PathText {
    /// The folder `path` names its last component in, as `deletingLastPathComponent` gives
    /// it: "" for a bare name (the current folder), "/" for a name at the root.
    public static func folder(of path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var folder = trimmed[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }
}
