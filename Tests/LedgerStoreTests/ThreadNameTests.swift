import Foundation
import LedgerStore
import Synchronization
import Testing

struct ThreadNameTests {
    /// What /proc says the calling thread is called: what `top -H` and `perf` show.
    private static func currentThreadName() -> String {
        let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return name.trimmingCharacters(in: .newlines)
    }

    @Test func everyThreadThatNamesItselfAtOnceIsCalledWhatItSaid() {
        let names = (0..<32).map { "worker-\($0)" }
        let seen = Mutex<[String: String]>([:])
        let done = DispatchGroup()
        for name in names {
            done.enter()
            // Named first thing, before `start()` returns to this thread: the moment
            // Foundation's `Thread.name` misses.
            Thread {
                nameCurrentThread(name)
                let actual = Self.currentThreadName()
                seen.withLock { $0[name] = actual }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(seen.withLock { $0 } == Dictionary(uniqueKeysWithValues: names.map { ($0, $0) }))
    }

    @Test func aNameLongerThanLinuxKeepsIsCutTo15Bytes() {
        let done = DispatchSemaphore(value: 0)
        let seen = Mutex("")
        Thread {
            nameCurrentThread("a-rather-long-thread-name")
            seen.withLock { $0 = Self.currentThreadName() }
            done.signal()
        }.start()
        done.wait()
        #expect(seen.withLock { $0 } == "a-rather-long-t")
    }
}
