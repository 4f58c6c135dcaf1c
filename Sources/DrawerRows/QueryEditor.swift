/// The typed query, its caret, and the edits the keys make to them, as in
/// dmenu, readline and fzf: typing inserts at the caret; Backspace and
/// Delete remove the character before and after it (a whole grapheme, so
/// an accent or an emoji goes at once); Ctrl+W the word before it, Ctrl+K
/// everything after it, Ctrl+U everything; a paste inserts as typing
/// does, cut to the longest query. The caret moves a character,
/// a word (words are separated by white space, as Ctrl+W's are), or to
/// either end.
public struct QueryEditor: Equatable, Sendable {
  /// The query as typed, at most `maximumLength` bytes.
  public private(set) var text = ""
  /// Where typing goes, in UTF-8 bytes from the start of `text`; always
  /// between two characters.
  public private(set) var caret = 0
  /// The longest query kept, in bytes: far past a line anyone types.
  public static let maximumLength = 4096

  /// A query holding `text`, with the caret at its end.
  public init(_ text: String = "") {
    self.text = text
    caret = text.utf8.count
  }

  private var caretIndex: String.Index { text.utf8.index(text.startIndex, offsetBy: caret) }

  private mutating func place(_ index: String.Index) {
    caret = text.utf8.distance(from: text.startIndex, to: index)
  }

  /// Inserts typed text at the caret and moves the caret past it; control
  /// characters (a newline from a paste) are dropped, and nothing past the
  /// maximum length is kept.
  public mutating func type(_ typed: String) {
    let kept = String(String.UnicodeScalarView(typed.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    guard !kept.isEmpty, text.utf8.count + kept.utf8.count <= QueryEditor.maximumLength else { return }
    let at = caretIndex
    let before = text[..<at]
    let after = text[at...]
    // Measured after joining: a combining mark typed after a letter joins
    // its character, and the caret must still fall between characters.
    let joined = String(before) + kept
    text = joined + String(after)
    let end = joined.utf8.count
    // Text that joins the character after it (a regional indicator before
    // another) leaves the caret after the joined character.
    var i = text.startIndex
    while i < text.endIndex && text.utf8.distance(from: text.startIndex, to: i) < end { i = text.index(after: i) }
    place(i)
  }

  /// Inserts pasted text at the caret as `type` does, as much of it as
  /// the maximum length leaves room for, cut between two characters;
  /// returns how many of its bytes did not fit.
  @discardableResult
  public mutating func paste(_ pasted: String) -> Int {
    let room = QueryEditor.maximumLength - text.utf8.count
    var end = pasted.startIndex
    var used = 0
    while end < pasted.endIndex {
      let next = pasted.index(after: end)
      let length = pasted.utf8.distance(from: end, to: next)
      guard used + length <= room else { break }
      used += length
      end = next
    }
    type(String(pasted[..<end]))
    return pasted.utf8.count - used
  }

  /// Deletes the character before the caret.
  public mutating func deleteBackward() {
    let at = caretIndex
    guard at > text.startIndex else { return }
    let start = text.index(before: at)
    text.removeSubrange(start..<at)
    place(start)
  }

  /// Deletes the character after the caret (Delete).
  public mutating func deleteForward() {
    let at = caretIndex
    guard at < text.endIndex else { return }
    text.removeSubrange(at..<text.index(after: at))
    place(at)
  }

  /// Deletes the word before the caret and the spaces between it and the
  /// caret (Ctrl+W).
  public mutating func deleteWord() {
    let end = caretIndex
    let start = wordStart(before: end)
    text.removeSubrange(start..<end)
    place(start)
  }

  /// Deletes everything after the caret (Ctrl+K).
  public mutating func deleteToEnd() {
    text.removeSubrange(caretIndex...)
  }

  /// Empties the query and puts the caret at 0.
  public mutating func clear() {
    text = ""
    caret = 0
  }

  /// Moves the caret a character back (Left).
  public mutating func moveLeft() {
    let at = caretIndex
    if at > text.startIndex { place(text.index(before: at)) }
  }

  /// Moves the caret a character on (Right).
  public mutating func moveRight() {
    let at = caretIndex
    if at < text.endIndex { place(text.index(after: at)) }
  }

  /// Moves the caret to the start (Ctrl+A).
  public mutating func moveToStart() { caret = 0 }

  /// Moves the caret to the end (Ctrl+E).
  public mutating func moveToEnd() { caret = text.utf8.count }

  /// Moves the caret to the start of the word before it (Ctrl+Left).
  public mutating func moveWordLeft() { place(wordStart(before: caretIndex)) }

  /// Moves the caret past the end of the word after it (Ctrl+Right).
  public mutating func moveWordRight() {
    var i = caretIndex
    while i < text.endIndex && text[i].isWhitespace { i = text.index(after: i) }
    while i < text.endIndex && !text[i].isWhitespace { i = text.index(after: i) }
    place(i)
  }

  /// Where the word before `end` starts, spaces between them included.
  private func wordStart(before end: String.Index) -> String.Index {
    var i = end
    while i > text.startIndex && text[text.index(before: i)].isWhitespace { i = text.index(before: i) }
    while i > text.startIndex && !text[text.index(before: i)].isWhitespace { i = text.index(before: i) }
    return i
  }
}
