import Foundation

/// Writes a secret file others may not read, whatever the process's umask (which other
/// tests in this process may or may not have set yet): the CLI refuses any other.
public func writeSecret(_ text: String, toFile path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
}
