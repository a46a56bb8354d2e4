import Foundation
import Testing
import TestSupport

/// The LD_PRELOAD shim of Tools/FaultInjection, compiled once per test run with `cc`.
enum FaultShim {
    static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tools/FaultInjection/fault-shim.c").path

    static let library: Result<String, CLIError> = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("fault-shim-\(getpid()).so").path
        let compiler = Process()
        compiler.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        compiler.arguments = ["cc", "-shared", "-fPIC", "-O2", "-o", output, source, "-ldl"]
        do {
            try compiler.run()
            compiler.waitUntilExit()
        } catch {
            return .failure(CLIError(message: "cannot run cc to build the fault shim: \(error)"))
        }
        guard compiler.terminationStatus == 0 else { return .failure(CLIError(message: "cc failed to build \(source)")) }
        return .success(output)
    }()

    /// The environment that makes the `at`th call of `call` (and every later one) fail.
    static func environment(failing call: String, at: Int, errno: String = "EIO", countFile: String? = nil) throws -> [String: String] {
        var environment = ["LD_PRELOAD": try library.get(), "FAULT_CALL": call, "FAULT_AT": String(at), "FAULT_ERRNO": errno]
        if let countFile { environment["FAULT_COUNT_FILE"] = countFile }
        return environment
    }

    /// How often `arguments` calls each wrapped function when nothing fails.
    static func callCounts(_ arguments: [String], in root: String) throws -> [String: Int] {
        let countFile = root + "/calls-\(UUID().uuidString)"
        let result = try CLI.run(arguments, environment: environment(failing: "none", at: 0, countFile: countFile))
        guard result.status == 0 else { throw CLIError(message: "\(arguments) failed without faults: \(result.stderr)") }
        var counts: [String: Int] = [:]
        for line in try String(contentsOfFile: countFile, encoding: .utf8).split(separator: "\n") {
            let parts = line.split(separator: " ")
            if parts.count == 2, let count = Int(parts[1]) { counts[String(parts[0]), default: 0] += count }
        }
        return counts
    }

    /// Every call number in CI would take too long for the larger sweeps; the long mode
    /// (HEALTHLEDGER_RELIABILITY_LONG=1) tries each one.
    static func callNumbers(upTo count: Int, ciSample: Int) -> [Int] {
        guard count > 0 else { return [] }
        if ProcessInfo.processInfo.environment["HEALTHLEDGER_RELIABILITY_LONG"] == "1" || count <= ciSample { return Array(1...count) }
        let stride = Double(count) / Double(ciSample)
        return Array(Set((0..<ciSample).map { 1 + Int(Double($0) * stride) } + [count])).sorted()
    }
}
