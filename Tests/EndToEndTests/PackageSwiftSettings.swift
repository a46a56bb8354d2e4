import Foundation

/// The upcoming features each target of ours enables in Package.swift: its `swiftSettings:`
/// argument, either a list written in place or lists named by `let NAME: [SwiftSetting] = […]`
/// joined with `+`. System library targets are not ours to compile and are left out.
struct PackageSwiftSettings {
    private(set) var upcomingFeatures: [String: Set<String>] = [:]

    init(manifest: String) {
        for call in PackageEdges.calls(of: [".target(", ".executableTarget(", ".testTarget("], in: manifest) {
            guard let name = PackageEdges.quoted(after: "name:", in: call) else { continue }
            upcomingFeatures[name] = Self.features(in: Self.settingsText(of: call, manifest: manifest))
        }
    }

    /// The text of the settings a target's `swiftSettings:` argument stands for, names resolved.
    static func settingsText(of call: Substring, manifest: String) -> String {
        guard let label = call.range(of: "swiftSettings:") else { return "" }
        let argument = call[label.upperBound...].drop { $0 == " " }
        if argument.hasPrefix("[") { return PackageEdges.bracketed(after: "swiftSettings:", in: call).map(String.init) ?? "" }
        let names = argument.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == " " || $0 == "+" }
        return names.split(separator: "+").map { name in
            let definition = "let \(name.trimmingCharacters(in: .whitespaces)): [SwiftSetting] ="
            guard let start = manifest.range(of: definition) else { return "" }
            return PackageEdges.bracketed(after: definition, in: manifest[start.lowerBound...]).map(String.init) ?? ""
        }.joined(separator: "\n")
    }

    static func features(in settings: String) -> Set<String> {
        var found: Set<String> = []
        var rest = settings[...]
        while let opener = rest.range(of: ".enableUpcomingFeature(") {
            if let name = PackageEdges.allQuoted(in: rest[opener.upperBound...]).first { found.insert(name) }
            rest = rest[opener.upperBound...]
        }
        return found
    }
}
