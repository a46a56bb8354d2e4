import LedgerCore

/// Every `print` of this executable goes through `TerminalText`: what it prints mixes the
/// CLI's words with text from links, imports and the log, and one missed call would let that
/// text drive the terminal. JSON output is unchanged (its writer escapes controls already).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Swift.print(TerminalText.escaped(items.map { "\($0)" }.joined(separator: separator)), terminator: terminator)
}
