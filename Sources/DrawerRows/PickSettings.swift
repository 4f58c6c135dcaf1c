/// What --pick asks for.
public struct PickSettings: Sendable, Equatable {
  /// --multi: several rows may be marked and printed.
  public var multiple = false
  /// --print-index: print rows' numbers, not their text.
  public var printsIndex = false
  /// --query: the text typed when the pick starts.
  public var initialQuery = ""
  /// --select: the row to select once it arrives.
  public var preselect: String?
  /// --auto-select: the last row left is picked without a key.
  public var autoSelect = false
  /// Whether typed text can be the answer (not --no-custom).
  public var allowsCustom = true
  /// --mesg: a line under the header's title.
  public var message: String?
  /// --password: the query shows as dots and no event carries it.
  public var hidesQuery = false
  /// --bar with --lines 0: dmenu's one line, the matches side by side
  /// after the query; Left and Right move the selection past the query's
  /// ends.
  public var inline = false
  /// What a pick from rofi's `-dmenu` adds (`RofiPick`); nil otherwise.
  public var rofi: RofiPick?

  /// A pick of one row, printed as text unless `printsIndex`; every other setting at its default.
  public init(multiple: Bool = false, printsIndex: Bool = false) {
    self.multiple = multiple
    self.printsIndex = printsIndex
  }
}
