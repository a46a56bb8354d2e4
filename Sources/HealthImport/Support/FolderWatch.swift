import Foundation
import Glibc

/// Files written into a folder or its subfolders, as inotify reports them: a file closed
/// after writing, or moved in (a sync tool writes a temporary file, then renames it).
///
/// Owns its inotify descriptor and closes it when it goes. Folders made after the watch
/// starts are watched as they appear.
public final class FolderWatch {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]

    /// Watches `root` and every folder under it; throws `.unreadable` when inotify refuses
    /// (no such folder, or the user's inotify watch limit reached).
    public init(root: String) throws(ImportError) {
        descriptor = inotify_init1(Int32(O_CLOEXEC))
        guard descriptor >= 0 else { throw .unreadable(root, "inotify is not available: \(String(cString: strerror(errno)))") }
        do {
            try watch(root)
            let walker = FileManager.default.enumerator(atPath: root)
            while let relative = walker?.nextObject() as? String {
                var isFolder: ObjCBool = false
                let path = root + "/" + relative
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { try watch(path) }
            }
        } catch {
            close(descriptor)
            throw error
        }
    }

    deinit { close(descriptor) }

    private func watch(_ folder: String) throws(ImportError) {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_ONLYDIR)
        let watched = inotify_add_watch(descriptor, folder, mask)
        guard watched >= 0 else {
            throw .unreadable(folder, "cannot watch it: \(String(cString: strerror(errno))) (see /proc/sys/fs/inotify/max_user_watches)")
        }
        folders[watched] = folder
    }

    /// Blocks until files are written or moved in, and returns their paths; a folder
    /// made meanwhile is watched from now on, and its files so far are returned too.
    public func next() throws(ImportError) -> [String] {
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        var count = 0
        repeat {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        } while count < 0 && errno == EINTR
        guard count > 0 else { throw .unreadable(folders.values.min() ?? "", "reading inotify events failed: \(String(cString: strerror(errno)))") }
        var paths: [String] = []
        var offset = 0
        // struct inotify_event: wd, mask, cookie, len (4 bytes each), then len bytes of name.
        while offset + 16 <= count {
            func word(_ at: Int) -> UInt32 { buffer[at..<at + 4].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } }
            let watched = Int32(bitPattern: word(offset)), mask = word(offset + 4), length = Int(word(offset + 12))
            let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
            offset += 16 + length
            guard let folder = folders[watched], !nameBytes.isEmpty else { continue }
            let path = folder + "/" + String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_ISDIR) != 0 {
                guard mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 else { continue }
                try watch(path)
                let walker = FileManager.default.enumerator(atPath: path)
                while let relative = walker?.nextObject() as? String { paths.append(path + "/" + relative) }
            } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
                paths.append(path)
            }
        }
        return paths
    }
}
