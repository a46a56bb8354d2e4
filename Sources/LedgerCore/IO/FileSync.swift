import Glibc

/// fsync of a file or a folder by path: a folder's, so that a rename in it survives a power cut.
public enum FileSync {
    public static func sync(_ path: String) throws(SystemCallFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .current }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .current }
    }
}
