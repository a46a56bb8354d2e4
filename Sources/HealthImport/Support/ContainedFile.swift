import Glibc

/// Reads a file that an export or a folder names by a path inside it, never one outside it.
///
/// A path written in an export (`resourceFilePath="/../../../../etc/passwd"`) or a symbolic
/// link in a folder (`Face-….jpg` → `~/.ssh/id_ed25519`) would otherwise bring any file the
/// person may read into the vault, and from there into every bundle. So the path is walked
/// one name at a time from the folder with `openat` and `O_NOFOLLOW`: `..` is refused, and
/// so is a symbolic link at any step, even one that points back inside (telling the two apart
/// would mean resolving it, which is what a swap between the check and the read exploits).
enum ContainedFile {
    enum Outcome: Equatable {
        case bytes([UInt8])
        /// Nothing of that name is there.
        case absent
        /// Something is there but is not read: why, for the person.
        case refused(String)
    }

    /// The most an attachment may hold. A day's route at one point a second is tens of
    /// megabytes; clinical records and ECG recordings are far smaller. Past this, a file in an
    /// export is refused rather than read whole into memory.
    static let mostBytes = 128 << 20

    /// The bytes of `relative` (leading `/` ignored) under the folder `root`.
    static func read(_ relative: String, beneath root: String) -> Outcome {
        let names = relative.split(separator: "/").filter { $0 != "." }.map(String.init)
        if names.contains("..") { return .refused("its path climbs out of the folder with '..'") }
        guard let last = names.last else { return .absent }
        var folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return .absent }
        defer { close(folder) }
        for (index, name) in names.dropLast().enumerated() {
            switch kind(of: name, in: folder) {
            case nil: return .absent
            case .some(S_IFLNK): return .refused(linkRefusal(names[...index]))
            case .some(S_IFDIR): break
            default: return .absent
            }
            let next = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard next >= 0 else { return errno == ELOOP || errno == ENOTDIR ? .refused(linkRefusal(names[...index])) : .absent }
            close(folder)
            folder = next
        }
        switch kind(of: last, in: folder) {
        case nil: return .absent
        case .some(S_IFLNK): return .refused(linkRefusal(names[...]))
        case .some(S_IFREG): break
        default: return .refused("it is not a regular file (a pipe, a device or a folder)")
        }
        // Non-blocking, so that a FIFO swapped in after the check cannot stall the import.
        let file = openat(folder, last, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return errno == ELOOP ? .refused(linkRefusal(names[...])) : .absent }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return .refused("it is not a regular file (a pipe, a device or a folder)")
        }
        guard status.st_size <= mostBytes else { return .refused(tooLarge) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(file, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { return .absent }
            if count == 0 { return .bytes(bytes) }
            // A file that grows while it is read is held to the same bound.
            guard bytes.count + count <= mostBytes else { return .refused(tooLarge) }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    /// The type bits of `name` in `folder` without following a link; nil when it is not there.
    private static func kind(of name: String, in folder: Int32) -> mode_t? {
        var status = stat()
        guard fstatat(folder, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    static let tooLarge = "it holds more than \(mostBytes >> 20) MiB, more than any route or record of an export"

    private static func linkRefusal(_ names: ArraySlice<String>) -> String {
        "\(names.joined(separator: "/")) is a symbolic link, and an import reads only the files inside the folder it was given"
    }
}
