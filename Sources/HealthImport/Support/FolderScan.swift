import Foundation

/// Lists the files under a folder, recursively, in path order.
enum FolderScan {
    /// Paths of regular files under `root` whose name passes `accept`; throws when `root`
    /// is not a folder, or when such a file, or a folder on its way, is a symbolic link: an
    /// import reads only what is inside the folder the person named (issue 40).
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
            if let link = symbolicLink(on: relative, under: root) {
                throw .unreadable(
                    link, "it is a symbolic link, and an import reads only the files inside the folder it was given: "
                        + "nothing was imported; copy the file itself into the folder, or move the link out, and run the import again")
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue { found.append(path) }
        }
        return found.sorted()
    }

    /// The first symbolic link on the way from `root` to `relative`, the file included.
    private static func symbolicLink(on relative: String, under root: String) -> String? {
        var path = root
        for name in relative.split(separator: "/") {
            path += "/" + name
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK { return path }
        }
        return nil
    }

    /// The bytes of `path`, a file `files(under: root)` listed, read without following any
    /// link between `root` and it, so a file swapped for a link after the listing is refused.
    static func bytes(of path: String, beneath root: String) throws(ImportError) -> [UInt8] {
        var base = root
        while base.count > 1, base.hasSuffix("/") { base.removeLast() }
        let relative = path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        switch ContainedFile.read(relative, beneath: root) {
        case .bytes(let bytes): return bytes
        case .absent: throw .unreadable(path, "no such file or not readable")
        case .refused(let reason): throw .unreadable(path, "\(reason): nothing was imported")
        }
    }

    /// The file's text; malformed when it is not UTF-8.
    static func text(of path: String) throws(ImportError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(path, "no such file or not readable") }
        guard let text = String(data: data, encoding: .utf8) else { throw .malformed(path, "not UTF-8 text") }
        return text
    }
}
