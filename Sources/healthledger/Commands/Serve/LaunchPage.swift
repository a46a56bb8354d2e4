import Foundation
import Glibc
import LedgerCore

/// The page `serve --open` hands the browser instead of the URL: a file in a private folder
/// that sends the browser on to the one-time URL. Another user reads every process's argv in
/// /proc, so the argv of `xdg-open` and the browser carry only this file's path; the token
/// and the host name stay in a 0600 file in a 0700 folder.
struct LaunchPage {
    let folder: String
    var path: String { folder + "/open-dashboard.html" }

    /// Writes the page for `url` in a new folder under $XDG_RUNTIME_DIR (the user's own, 0700,
    /// emptied at logout) or else the temporary folder.
    init(redirectingTo url: String) throws {
        let base = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? NSTemporaryDirectory()
        var template = Array("\(base.hasSuffix("/") ? String(base.dropLast()) : base)/healthledger-serve-XXXXXX".utf8CString)
        // Cannot fail: the template holds the folder, the name and its NUL.
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw ExitStatus.Failure(status: .ioError, message: "cannot make a private folder in \(base) for the browser's page: \(String(cString: strerror(errno))); run without --open and open the URL printed")
        }
        folder = String(cString: made)
        // The URL is ours (host name, port and hex token): nothing in it needs escaping in HTML.
        let html = """
            <!doctype html>
            <meta charset="utf-8">
            <meta http-equiv="refresh" content="0;url=\(url)">
            <meta name="referrer" content="no-referrer">
            <title>HealthLedger</title>
            <p><a href="\(url)">Open the HealthLedger dashboard</a></p>

            """
        do {
            try PrivateFile.writeOutput(html, to: path)
        } catch {
            remove()
            throw error
        }
    }

    /// `file://` URL of the page, the only thing the browser's argv holds.
    var fileURL: String { URL(fileURLWithPath: path).absoluteString }

    /// Deletes the page and its folder: once the token is redeemed, or when serve stops.
    func remove() {
        unlink(path)
        rmdir(folder)
    }
}
