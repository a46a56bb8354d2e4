import Foundation

/// Lists the files under a folder, recursively, in path order.
enum FolderScan {
    /// Paths of regular files under `root` whose name passes `accept`; throws when `root`
    /// is not a folder.
    static func files(under root: String, where accept: (String) -> Bool) throws(ImportError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .missing(root, "no such folder")
        }
        guard let walker = FileManager.default.enumerator(atPath: root) else { throw .unreadable(root, "the folder cannot be listed") }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            guard accept(name) else { continue }
            let path = (root as NSString).appendingPathComponent(relative)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// The file's text; malformed when it is not UTF-8.
    static func text(of path: String) throws(ImportError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, "no such file or not readable") }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed(path, "not UTF-8 text") }
        return text
    }

    /// The file's bytes, or nil when it cannot be read.
    static func bytes(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map(Array.init)
    }
}
