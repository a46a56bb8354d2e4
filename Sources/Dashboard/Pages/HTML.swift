import Foundation

/// What pages need beside `Markup.escape` (Charts), which every page and picture escapes with.
enum HTML {
    /// A URL query value.
    static func query(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
