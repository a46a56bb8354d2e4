import Foundation
import Testing

/// The module edges docs/architecture.md lists are the ones Package.swift declares, so the
/// map a newcomer reads cannot drift from the build.
@Suite struct ModuleGraphTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func architectureEdgesEqualPackageSwift() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let architecture = try String(contentsOf: Self.root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let declared = PackageEdges(manifest: manifest).edges
        let documented = try #require(DocumentedEdges(markdown: architecture)).edges
        #expect(!declared.isEmpty)
        for module in Set(declared.keys).union(documented.keys).sorted() {
            #expect(documented[module] == declared[module], "\(module): docs/architecture.md says \(documented[module].map { $0.sorted() } ?? []), Package.swift \(declared[module].map { $0.sorted() } ?? [])")
        }
    }

    @Test func aChangedEdgeIsSeen() throws {
        let manifest = """
            .target(name: "A", dependencies: ["B", "CZstd", .product(name: "P", package: "p")]),
            .target(name: "B"),
            .target(name: "TestHelp", dependencies: ["A"], path: "Tests/TestHelp"),
            """
        let edges = PackageEdges(manifest: manifest, systemLibraries: ["CZstd"]).edges
        #expect(edges == ["A": ["B"], "B": []])
        let documented = DocumentedEdges(markdown: "```module-edges\nA → B, C\nB → (none)\n```\n")?.edges
        #expect(documented == ["A": ["B", "C"], "B": []])
    }

    /// The upcoming features through which the compiler checks a module's edges
    /// (docs/architecture.md, "What the compiler checks").
    static let checkedImportFeatures: Set<String> = ["MemberImportVisibility", "InternalImportsByDefault"]

    /// A target added without the checks, or a check dropped from Package.swift, fails here
    /// instead of going unnoticed.
    @Test func everyTargetOfOursHasItsImportsChecked() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let settings = PackageSwiftSettings(manifest: manifest).upcomingFeatures
        #expect(!settings.isEmpty)
        for (target, features) in settings.sorted(by: { $0.key < $1.key }) {
            let missing = Self.checkedImportFeatures.subtracting(features)
            #expect(missing.isEmpty, "\(target) in Package.swift does not enable \(missing.sorted()): give it the `checkedImports` settings")
        }
    }

    /// MemberImportVisibility makes a file import every module it uses; SwiftPM builds a target
    /// that imports a module it reaches only through another, so this holds the imports to the
    /// `dependencies:` Package.swift declares (and the module graph above to the code).
    @Test func everyImportIsADeclaredDependency() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = TargetImports.targets(in: manifest)
        #expect(!targets.isEmpty)
        for target in targets {
            let undeclared = try target.undeclared(under: Self.root)
            #expect(undeclared.isEmpty, "\(target.folder) imports \(undeclared.sorted()), which Package.swift does not list in the dependencies of \(target.target): add them there (a module of ours also to docs/architecture.md's module graph)")
        }
    }

    @Test func importLinesAreRead() {
        let source = """
            import A
            @testable import B
            public import C
            @_spi(Internal) import D
            import struct E.Thing
            // import F
            let text = "import G"
              import H
            """
        #expect(TargetImports.modules(importedBy: source) == ["A", "B", "C", "D", "E"])
    }

    @Test func aTargetWithoutTheChecksIsSeen() {
        let manifest = """
            let checks: [SwiftSetting] = [
                .enableUpcomingFeature("A"),
            ]
            let fast: [SwiftSetting] = [.unsafeFlags(["-Ounchecked"])]
            systemLibrary("CZstd", pkgConfig: "libzstd", apt: ["libzstd-dev"]),
            .target(name: "Checked", dependencies: ["B"], swiftSettings: checks + fast),
            .target(name: "Fast", swiftSettings: fast),
            .executableTarget(name: "Bare", dependencies: ["B"], path: "Tools/Bare"),
            .testTarget(name: "InPlace", resources: [.copy("F")], swiftSettings: [.enableUpcomingFeature("C"), .enableExperimentalFeature("D")]),
            """
        let features = PackageSwiftSettings(manifest: manifest).upcomingFeatures
        #expect(features == ["Checked": ["A"], "Fast": [], "Bare": [], "InPlace": ["C"]])
    }
}

/// Each product or executable target of Package.swift with the targets of ours it depends on
/// (system libraries, outside packages and test-support targets left out).
struct PackageEdges {
    private(set) var edges: [String: Set<String>] = [:]

    init(manifest: String, systemLibraries: Set<String>? = nil) {
        let libraries = systemLibraries ?? Self.systemLibraries(in: manifest)
        for call in Self.calls(of: [".target(", ".executableTarget("], in: manifest) {
            guard let name = Self.quoted(after: "name:", in: call), !call.contains("path: \"Tests/") else { continue }
            var dependencies: Set<String> = []
            if let list = Self.bracketed(after: "dependencies:", in: call) {
                let ours = Self.removingCalls(".product(", from: list)
                dependencies = Set(Self.allQuoted(in: ours)).subtracting(libraries)
            }
            edges[name] = dependencies
        }
    }

    static func systemLibraries(in manifest: String) -> Set<String> {
        var names: Set<String> = []
        for call in calls(of: ["systemLibrary(", ".systemLibrary("], in: manifest) {
            if let name = quoted(after: "name:", in: call) ?? allQuoted(in: call).first { names.insert(name) }
        }
        return names
    }

    /// The text of every call that starts with one of `openers`, up to its closing parenthesis.
    static func calls(of openers: [String], in text: String) -> [Substring] {
        var found: [Substring] = []
        for opener in openers {
            var rest = text[...]
            while let start = rest.range(of: opener) {
                guard let end = closing(from: start.upperBound, in: text, open: "(", close: ")") else { break }
                found.append(text[start.lowerBound..<end])
                rest = text[end...]
            }
        }
        return found
    }

    static func closing(from start: String.Index, in text: String, open: Character, close: Character) -> String.Index? {
        var depth = 1
        var index = start
        while index < text.endIndex {
            if text[index] == open { depth += 1 } else if text[index] == close {
                depth -= 1
                if depth == 0 { return text.index(after: index) }
            }
            index = text.index(after: index)
        }
        return nil
    }

    static func quoted(after label: String, in text: Substring) -> String? {
        guard let range = text.range(of: label) else { return nil }
        return allQuoted(in: text[range.upperBound...]).first
    }

    static func bracketed(after label: String, in text: Substring) -> Substring? {
        guard let range = text.range(of: label), let open = text[range.upperBound...].firstIndex(of: "[") else { return nil }
        let base = String(text)
        let offset = text.distance(from: text.startIndex, to: open)
        let start = base.index(base.startIndex, offsetBy: offset + 1)
        guard let end = closing(from: start, in: base, open: "[", close: "]") else { return nil }
        return Substring(base[start..<base.index(before: end)])
    }

    static func removingCalls(_ opener: String, from text: Substring) -> String {
        var result = String(text)
        while let start = result.range(of: opener), let end = closing(from: start.upperBound, in: result, open: "(", close: ")") {
            result.removeSubrange(start.lowerBound..<end)
        }
        return result
    }

    static func allQuoted(in text: some StringProtocol) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
    }
}

/// The ```module-edges block of docs/architecture.md: `Module → A, B` or `Module → (none)`.
struct DocumentedEdges {
    let edges: [String: Set<String>]

    init?(markdown: String) {
        guard let start = markdown.range(of: "```module-edges\n"),
              let end = markdown.range(of: "```", range: start.upperBound..<markdown.endIndex) else { return nil }
        var edges: [String: Set<String>] = [:]
        for line in markdown[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.components(separatedBy: " → ")
            guard parts.count == 2 else { continue }
            let targets = parts[1] == "(none)" ? [] : parts[1].components(separatedBy: ", ")
            edges[parts[0].trimmingCharacters(in: .whitespaces)] = Set(targets)
        }
        self.edges = edges
    }
}
