import Foundation

/// The modules a target of ours imports, read from the `import` lines of its Swift files, beside
/// the modules Package.swift lets it use: its dependencies (targets and products by name) and
/// what the toolchain ships.
struct TargetImports {
    /// Modules every target may import without declaring them: the toolchain's own.
    /// CDispatch is where Linux's `struct stat` is found (`Sources/LedgerStore/LMDB/Environment.swift`).
    static let toolchainModules: Set<String> = [
        "CDispatch", "Darwin", "Dispatch", "Foundation", "FoundationNetworking", "FoundationXML", "Glibc",
        "Synchronization", "Testing", "XCTest",
    ]

    let target: String
    let folder: String
    let declared: Set<String>

    /// Every target of the manifest, system libraries (no Swift files) left out.
    static func targets(in manifest: String) -> [TargetImports] {
        PackageEdges.calls(of: [".target(", ".executableTarget(", ".testTarget("], in: manifest).compactMap { call in
            guard let name = PackageEdges.quoted(after: "name:", in: call) else { return nil }
            let folder = PackageEdges.quoted(after: "path:", in: call) ?? (call.hasPrefix(".testTarget(") ? "Tests/\(name)" : "Sources/\(name)")
            let dependencies = PackageEdges.bracketed(after: "dependencies:", in: call).map(PackageEdges.allQuoted) ?? []
            return TargetImports(target: name, folder: folder, declared: Set(dependencies))
        }
    }

    /// The modules imported by the Swift files under the target's folder that it may not use.
    func undeclared(under root: URL) throws -> Set<String> {
        var imported: Set<String> = []
        var swiftFiles = 0
        let files = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
        for case let file as URL in files?.allObjects ?? [] where file.pathExtension == "swift" {
            imported.formUnion(Self.modules(importedBy: try String(contentsOf: file, encoding: .utf8)))
            swiftFiles += 1
        }
        guard swiftFiles > 0 else { throw NoSwiftFiles(folder: self.folder, target: target) }
        return imported.subtracting(declared).subtracting(Self.toolchainModules).subtracting([target])
    }

    /// The module of each `import` line: `import A`, `@testable import A`, `public import A`,
    /// `@_spi(S) import A`, `import struct A.Thing`. Imports stand at the start of a line; an
    /// indented one is the text of a string (as in this suite's own examples).
    static func modules(importedBy source: String) -> Set<String> {
        let declarationKinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        var modules: Set<String> = []
        for line in source.split(separator: "\n") where !(line.first?.isWhitespace ?? true) {
            var words = line.split(separator: " ").drop { $0.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains($0) }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            if declarationKinds.contains(words.first!), words.count >= 2 { words = words.dropFirst() }
            modules.insert(String(words.first!.prefix { $0 != "." }))
        }
        return modules
    }
}

/// A target's folder, as Package.swift names it, holds no Swift file to read the imports of.
struct NoSwiftFiles: Error, CustomStringConvertible {
    let folder: String
    let target: String
    var description: String { "\(folder) (target \(target) in Package.swift) holds no Swift file: is its path: right?" }
}
