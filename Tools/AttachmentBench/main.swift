#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import HealthImport
import LedgerCore
import ZIPFoundation

// Times an export's attachments the way an import reads them: every workout route
// (`workout-routes/*.gpx`) read from the zip and parsed, then every ECG. CPU time, not wall
// time: on a shared machine it is what a change to the readers moves.
//   attachment-bench EXPORT.zip [ROUNDS]

func userSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
}

/// Runs `body` `rounds` times; the CPU seconds of the fastest round and its result.
func fastest<T>(_ rounds: Int, _ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
    var best = Double.infinity
    var result: T?
    for _ in 0..<rounds {
        let before = userSeconds()
        result = try body()
        best = min(best, userSeconds() - before)
    }
    return (best, result!)
}

func report(_ what: String, _ seconds: Double, _ count: Int, _ unit: String) {
    print("\(what): \(count) \(unit) in \(String(format: "%.3f", seconds)) s CPU, \(String(format: "%.3f", seconds * 1e6 / Double(max(count, 1)))) µs/\(unit.dropLast())")
}

let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: attachment-bench EXPORT.zip [ROUNDS]")
    exit(64)
}
let rounds = arguments.count > 2 ? Int(arguments[2]) ?? 3 : 3
let export = try ExportArchive(path: arguments[1])
let archive = try Archive(url: URL(fileURLWithPath: arguments[1]), accessMode: .read, pathEncoding: nil)
let routeNames = archive.map(\.path).filter { $0.contains("/workout-routes/") && $0.hasSuffix(".gpx") }
    .map { "/" + $0.split(separator: "/").suffix(2).joined(separator: "/") }
let start = Timestamp(micros: 0)

let (readSeconds, routes) = fastest(rounds) { routeNames.map { try! export.attachment($0)! } }
let megabytes = routes.reduce(0) { $0 + $1.count } / 1_000_000
report("route read (\(routes.count) files, \(megabytes) MB)", readSeconds, routes.count, "files")
let (parseSeconds, points) = try fastest(rounds) {
    try zip(routeNames, routes).reduce(0) { $0 + (try GPXRoute.points(in: $1.1, relativeTo: start, file: $1.0)).count }
}
report("route parse", parseSeconds, points, "points")
report("route read + parse", readSeconds + parseSeconds, points, "points")

let ecgNames = export.electrocardiogramNames()
let ecgs = ecgNames.map { try! export.attachment($0)! }
let (ecgSeconds, samples) = try fastest(rounds) {
    try zip(ecgNames, ecgs).reduce(0) { $0 + (try ElectrocardiogramCSV.parse($1.1, file: $1.0)).payload.voltages.count }
}
report("ECG parse (\(ecgs.count) files)", ecgSeconds, samples, "samples")
