import LedgerCore
import Testing

/// The folder of a typed path, as Foundation's `deletingLastPathComponent` gives it (which
/// traps on a one-character name on Linux).
@Suite struct PathTextTests {
    @Test(arguments: [
        ("v", ""), ("vv", ""), ("out.csv", ""), ("a/b", "a"), ("/x", "/"), ("dir/", ""), ("a//b", "a"), ("/", "/"),
        ("a/b/", "a"), ("./v", "."), ("../w", ".."), ("/srv/vaults/mine", "/srv/vaults"),
    ])
    func folderOfAPath(path: String, folder: String) {
        #expect(PathText.folder(of: path) == folder, "\(path)")
    }
}
