import Glibc

/// Names the calling thread for `top -H`, `perf` and /proc; Linux keeps 15 bytes of it.
///
/// Not `Thread.current.name`: swift-corelibs-foundation names the pthread that `start()`
/// records once `pthread_create` returns, and a new thread that names itself before then
/// names nothing and keeps its creator's name. Imports showed two `ledger-prepare`
/// threads and no `views-fold` in one run of six. (`pthread_setname_np` and `prctl` are
/// not visible from Swift; writing the thread's `comm` file is what the former does for
/// another thread.)
public func nameCurrentThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    let bytes = Array(name.utf8.prefix(15))
    _ = write(descriptor, bytes, bytes.count)
}
