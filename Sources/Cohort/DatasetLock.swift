import Glibc

/// Held by a `cohort build` for as long as it writes a dataset, so that two builds of one
/// dataset take turns: the second then reads the state the first wrote, rather than
/// removing the first's staging folder and writing its own state over the first's.
///
/// An exclusive `flock` on the dataset folder: released when the process ends however it
/// ends, so a build that crashed leaves no lock behind.
final class DatasetLock {
    private var descriptor: Int32

    /// Takes the lock, calling `waiting` once and then waiting if another build holds it.
    init(dataset directory: String, waiting: () -> Void) throws(CohortError) {
        descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unwritable(path: directory, reason: String(cString: strerror(errno))) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else { throw failure(directory) }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw failure(directory) }
            }
        }
    }

    private func failure(_ directory: String) -> CohortError {
        let error = CohortError.unwritable(path: directory, reason: "cannot lock the dataset folder: \(String(cString: strerror(errno)))")
        close(descriptor)
        descriptor = -1
        return error
    }

    deinit { if descriptor >= 0 { close(descriptor) } }
}
