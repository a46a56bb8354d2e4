import Foundation
import Testing
import TestSupport

/// A vault on a 1 MB tmpfs that fills up during an append: the command stops with exit 75
/// and says so, everything acknowledged is there, the vault reads and audits clean while the
/// disk is still full, and once there is room the same command completes.
@Suite struct DiskFullTests {
    /// A small tmpfs, or why one cannot be mounted here (mounting needs root).
    final class SmallDisk {
        let mountPoint: String

        init(megabytes: Int) throws {
            mountPoint = FileManager.default.temporaryDirectory.appendingPathComponent("hl-disk-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
            guard Self.mount(["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=700", "tmpfs", mountPoint]) else {
                try? FileManager.default.removeItem(atPath: mountPoint)
                throw CLIError(message: "cannot mount a tmpfs")
            }
        }

        func resize(megabytes: Int) -> Bool { Self.mount(["-o", "remount,size=\(megabytes)m", mountPoint]) }

        static func mount(_ arguments: [String]) -> Bool {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["mount"] + arguments
            process.standardError = FileHandle.nullDevice
            guard (try? process.run()) != nil else { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }

        static let available: Bool = {
            guard getuid() == 0, let disk = try? SmallDisk(megabytes: 1) else { return false }
            _ = disk
            return true
        }()

        deinit {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["umount", mountPoint]
            try? process.run()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: mountPoint)
        }
    }

    @Test(.enabled(if: SmallDisk.available, "mounting a 1 MB tmpfs needs root (mount -t tmpfs); run the tests as root to fill a disk for real"))
    func aFullDiskStopsTheAppendLosesNothingAndTheNextRunCompletes() throws {
        let disk = try SmallDisk(megabytes: 1)
        let passphrase = disk.mountPoint + "/passphrase"
        try "e2e passphrase\n".write(toFile: passphrase, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passphrase)
        let vault = disk.mountPoint + "/vault"
        let secret = ["--vault", vault, "--passphrase-file", passphrase]
        try #require(try CLI.run(["init", "--kdf", "interactive"] + secret).status == 0)
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("hl-disk-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: input) }
        let total = 12_000
        try MoodEvents.lines(0..<total).write(toFile: input, atomically: true, encoding: .utf8)

        let full = try CLI.run(["append", "--jsonl", input, "--batch-size", "500", "--ack"] + secret)
        #expect(full.status == 75, "\(full.stderr)")
        #expect(full.stderr.contains("the disk is full"))
        #expect(full.stderr.contains("free some space and run the command again"))
        let acknowledged = full.stdout.split(separator: "\n").compactMap { $0.hasPrefix("committed ") ? Int($0.dropFirst(10)) : nil }.max() ?? 0
        #expect(acknowledged > 0, "some batches fitted before the disk filled")

        let audit = try CLI.run(["audit"] + secret)
        #expect(audit.status == 0, "the audit runs on a full disk: \(audit.stdout) \(audit.stderr)")
        let stored = try CLI.run(["log", "--raw", "--json"] + secret).stdout.split(separator: "\n").count
        #expect(stored >= acknowledged, "\(acknowledged) acknowledged, \(stored) stored")
        #expect(stored % 500 == 0, "whole batches only: \(stored)")

        try #require(disk.resize(megabytes: 8))
        let again = try CLI.run(["append", "--jsonl", input] + secret)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try CLI.run(["log", "--raw", "--json"] + secret).stdout.split(separator: "\n").count == total)
        #expect(try CLI.run(["audit"] + secret).status == 0)
        #expect(try CLI.run(["replay"] + secret).status == 0)
    }
}
