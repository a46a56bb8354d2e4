/// An element other than a Record, captured whole with its children as text: these are
/// rare (workouts, correlations, summaries), so clarity matters more than speed here.
struct CapturedElement {
    let name: String
    let attributes: [String: String]
    var children: [CapturedElement] = []
    /// Where the element starts in the document.
    let offset: Int

    init(_ tag: XMLTag) {
        name = tag.name.string
        var attributes: [String: String] = [:]
        for attribute in tag.attributes { attributes[attribute.name.string] = attribute.value.string }
        self.attributes = attributes
        offset = tag.offset
    }

    subscript(_ attribute: String) -> String? { attributes[attribute] }

    func children(named name: String) -> [CapturedElement] { children.filter { $0.name == name } }

    /// `MetadataEntry` children as a map.
    var metadata: [String: String] {
        var metadata: [String: String] = [:]
        for entry in children(named: "MetadataEntry") {
            if let key = entry["key"], let value = entry["value"] { metadata[key] = value }
        }
        return metadata
    }

    func number(_ attribute: String) -> Double? {
        guard let text = attributes[attribute] else { return nil }
        return Double(text.trimmingSpaces.replacingOccurrences(of: ",", with: "."))
    }

    func date(_ attribute: String) -> (timestamp: Timestamp, utcOffset: Int32)? {
        guard var text = attributes[attribute] else { return nil }
        return text.withUTF8 { ExportDate.parse($0) }
    }
}

/// Builds a captured element from the tags inside it.
struct ElementCapture {
    private var stack: [CapturedElement] = []

    init(_ root: XMLTag) { stack = [CapturedElement(root)] }

    /// Adds a nested tag; returns the finished element when `tag` closes the root.
    mutating func add(_ tag: XMLTag) -> CapturedElement? {
        switch tag.kind {
        case .open: stack.append(CapturedElement(tag))
        case .empty: stack[stack.count - 1].children.append(CapturedElement(tag))
        case .close:
            let finished = stack.removeLast()
            guard !stack.isEmpty else { return finished }
            stack[stack.count - 1].children.append(finished)
        }
        return nil
    }
}

import Foundation
import LedgerCore
