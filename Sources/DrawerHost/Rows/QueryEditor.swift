/// The typed query and the edits the keys make to it, as in dmenu and fzf:
/// typing appends, Backspace deletes a character (a whole grapheme, so an
/// accent or an emoji goes at once), Ctrl+W the word before the end, and
/// Ctrl+U everything.
public struct QueryEditor: Equatable, Sendable {
  public private(set) var text = ""
  /// The longest query kept, in bytes: far past a line anyone types.
  public static let maximumLength = 4096

  public init(_ text: String = "") {
    self.text = text
  }

  /// Appends typed text; control characters (a newline from a paste) are
  /// dropped, and nothing past the maximum length is kept.
  public mutating func type(_ typed: String) {
    let kept = String(String.UnicodeScalarView(typed.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    guard !kept.isEmpty, text.utf8.count + kept.utf8.count <= QueryEditor.maximumLength else { return }
    text += kept
  }

  /// Deletes the last character.
  public mutating func deleteBackward() {
    if !text.isEmpty { text.removeLast() }
  }

  /// Deletes the last word and the spaces after it.
  public mutating func deleteWord() {
    while let last = text.last, last.isWhitespace { text.removeLast() }
    while let last = text.last, !last.isWhitespace { text.removeLast() }
  }

  public mutating func clear() {
    text = ""
  }
}
