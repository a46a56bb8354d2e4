public import Foundation
import Glibc

/// The CLI started with every signal unblocked and at its default, and with pipes no other
/// child inherits: a child of `Process` inherits the signal mask of the test thread that
/// starts it (which blocks SIGQUIT, SIGTERM and more) and may share its pipes with
/// children other tests start at the same moment, so its stdin never reaches its end.
public final class SpawnedCLI {
    public let pid: pid_t
    public private(set) var input: Int32
    public let output: Int32
    public let errors: Int32

    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        var inPipe: [Int32] = [0, 0], outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
        for index in 0..<3 {
            var ends: [Int32] = [0, 0]
            guard pipe(&ends) == 0 else { throw CLIError(message: "pipe failed") }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            switch index {
            case 0: inPipe = ends
            case 1: outPipe = ends
            default: errPipe = ends
            }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([CLI.binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = CLI.childEnvironment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, CLI.binary, &actions, &attributes, argv, envp)
        close(inPipe[0])
        close(outPipe[1])
        close(errPipe[1])
        guard spawned == 0 else { throw CLIError(message: "cannot start \(CLI.binary): \(String(cString: strerror(spawned)))") }
        self.pid = pid
        input = inPipe[1]
        output = outPipe[0]
        errors = errPipe[0]
    }

    /// Writes `text` to the process's stdin on another thread, then closes it: the
    /// process reads to its end unless a signal ends it first (the write then fails).
    public func feed(_ text: String) {
        signal(SIGPIPE, SIG_IGN)
        let descriptor = input
        input = -1
        Thread.detachNewThread {
            var bytes = Array(text.utf8)[...]
            while !bytes.isEmpty {
                let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                bytes = bytes.dropFirst(count)
            }
            close(descriptor)
        }
    }

    /// Waits for the end; the exit status, or 128 + the signal that ended it.
    public func wait() -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    }

    deinit {
        if input >= 0 { close(input) }
        close(output)
        close(errors)
    }
}
