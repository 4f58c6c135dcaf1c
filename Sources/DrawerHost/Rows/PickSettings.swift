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

  public init(multiple: Bool = false, printsIndex: Bool = false) {
    self.multiple = multiple
    self.printsIndex = printsIndex
  }
}
