import Foundation
import Glibc

/// Keeps keys out of crash output: no core file, and no memory printed when the process dies
/// or is quit.
///
/// Swift's runtime prints a backtrace on a crash, and with it the bytes that each register
/// points at: a crash inside a sealing call would print sixteen bytes of the key in guarded
/// memory to the terminal or a log. So this process refuses core files and replaces those
/// handlers with one that says what happened and dies of the same signal. Set
/// HEALTHLEDGER_CRASH_BACKTRACE=1 to keep the runtime's backtrace when debugging.
///
/// SIGQUIT (Ctrl-\\ on a terminal) is among the signals the runtime reports that way, after
/// which it let the command carry on: here it quits, as the user asked, printing no memory.
enum CrashHygiene {
    static let signals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGQUIT]

    static func install() {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        guard ProcessInfo.processInfo.environment["HEALTHLEDGER_CRASH_BACKTRACE"] != "1" else { return }
        // Made now: a handler must not allocate.
        _ = crashMessages.count
        installAlternateStack()
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { signal in
                // Only async-signal-safe calls here: write() a text made before the crash.
                let message = crashMessages[Int(signal)]
                _ = write(STDERR_FILENO, message, strlen(message))
                raise(signal)
            }
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND)) | SA_ONSTACK
            sigaction(signal, &action, nil)
        }
    }

    /// A stack overflow leaves no stack for the handler to run on, so without a stack of its
    /// own the process died of SIGSEGV with no word said. This one serves the main thread,
    /// where the commands run; it is never freed, as a handler may need it until exit.
    private static func installAlternateStack() {
        let size = 256 * 1024
        guard let memory = malloc(size) else { return }
        var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
        sigaltstack(&stack, nil)
    }
}

/// The message for each signal number, allocated once before any crash; never written to.
nonisolated(unsafe) private let crashMessages: [UnsafeMutablePointer<CChar>] = (0..<65).map { signal in
    if signal == SIGQUIT {
        // Cannot fail: strdup fails only without memory, and these are made at start-up
        return strdup("healthledger: quit (SIGQUIT); no memory was printed or dumped. What was committed before stays; run the command again to finish.\n")!
    }
    // Cannot fail: strdup fails only without memory, and these are made at start-up
    return strdup("healthledger: crashed (signal \(signal)); no memory was printed or dumped, so no key can have leaked. Please report it with the command you ran (see SECURITY.md).\n")!
}
