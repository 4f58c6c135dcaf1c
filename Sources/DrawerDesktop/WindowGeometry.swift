import DrawerProcess

/// An X geometry string, `[=][W][xH][{+-}X{+-}Y]`, read as Xlib's
/// XParseGeometry reads it.
///
/// Every part is optional, but a size needs its digits, an x offset needs a
/// y offset, and nothing may follow. A negative offset measures from the
/// right or bottom edge of the screen to the window's right or bottom edge,
/// so `-0-0` is the bottom-right corner, and `-0` differs from `+0`. Like
/// XParseGeometry, a number may carry its own sign (`+-5`), and `x` may be
/// upper case.
public struct WindowGeometry: Equatable, Sendable {
  /// One offset and the edge it measures from.
  public struct Offset: Equatable, Sendable {
    /// Distance in px; `fromFarEdge` says which edge it starts from.
    public var distance: Int
    /// A `-` offset: from the screen's right (x) or bottom (y) edge.
    public var fromFarEdge: Bool

    /// An offset of `distance` px, from the far edge (a `-` offset) when `fromFarEdge`.
    public init(_ distance: Int, fromFarEdge: Bool = false) {
      self.distance = distance
      self.fromFarEdge = fromFarEdge
    }
  }

  /// The width asked for, px; nil when the string gives none.
  public var width: Int?
  /// The height asked for, px; nil when the string gives none.
  public var height: Int?
  /// Both offsets or neither, as XParseGeometry requires.
  public var x: Offset?
  /// The vertical offset; nil exactly when `x` is.
  public var y: Offset?

  /// A geometry of the given parts; a nil part is one the string leaves out.
  public init(width: Int? = nil, height: Int? = nil, x: Offset? = nil, y: Offset? = nil) {
    self.width = width
    self.height = height
    self.x = x
    self.y = y
  }

  /// The string's parts; nil when it does not follow the grammar (the empty
  /// string does: it asks for nothing).
  public init?(_ text: String) {
    var rest = Substring(text)
    if rest.first == "=" { rest.removeFirst() }
    if let c = rest.first, c != "+", c != "-", c != "x", c != "X" {
      guard let w = WindowGeometry.integer(&rest) else { return nil }
      width = w
    }
    if let c = rest.first, c == "x" || c == "X" {
      rest.removeFirst()
      guard let h = WindowGeometry.integer(&rest) else { return nil }
      height = h
    }
    if let c = rest.first, c == "+" || c == "-" {
      guard let x = WindowGeometry.offset(&rest), let y = WindowGeometry.offset(&rest) else { return nil }
      self.x = x
      self.y = y
    }
    guard rest.isEmpty else { return nil }
  }

  /// Where a window `width` × `height` goes on a `screenWidth` ×
  /// `screenHeight` screen: its top-left corner; nil when no offset was
  /// given (the window manager places it).
  public func origin(width: Int, height: Int, screenWidth: Int, screenHeight: Int) -> (x: Int, y: Int)? {
    guard let x, let y else { return nil }
    func place(_ o: Offset, _ size: Int, _ screen: Int) -> Int {
      o.fromFarEdge ? screen - size - o.distance : o.distance
    }
    return (place(x, width, screenWidth), place(y, height, screenHeight))
  }

  /// The share of a screen's side a default window may take: the rest
  /// is a margin, so the whole window and its frame show.
  public static let defaultScreenShare = 0.9

  /// The window's size, device px, for a window `size` device px large on
  /// a screen `screen` device px large: each side the geometry did not
  /// give is at most `defaultScreenShare` of the screen's, so that a
  /// default window fits the screen at any scale; a side the user gave
  /// stays. Never below `minimum`.
  public func fitted(
    _ size: (width: Int, height: Int), screen: (width: Int, height: Int), minimum: (width: Int, height: Int)
  ) -> (width: Int, height: Int) {
    func fit(_ side: Int, given: Bool, _ screenSide: Int, _ least: Int) -> Int {
      guard !given, screenSide > 0 else { return side }
      let room = Int((Double(screenSide) * WindowGeometry.defaultScreenShare).rounded(.down))
      return max(min(side, room), least)
    }
    return (
      fit(size.width, given: width != nil, screen.width, minimum.width),
      fit(size.height, given: height != nil, screen.height, minimum.height)
    )
  }

  /// The same geometry with its offsets (not its size) multiplied by
  /// `scale`, rounded: logical px to device px.
  public func scaled(by scale: Double) -> WindowGeometry {
    func device(_ o: Offset?) -> Offset? {
      o.map { Offset(Int((Double($0.distance) * scale).rounded()), fromFarEdge: $0.fromFarEdge) }
    }
    return WindowGeometry(width: width, height: height, x: device(x), y: device(y))
  }

  /// A sign then a number (which may carry a sign of its own), consumed
  /// from `text`.
  private static func offset(_ text: inout Substring) -> Offset? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    text.removeFirst()
    guard let n = integer(&text) else { return nil }
    return Offset(n, fromFarEdge: sign == "-")
  }

  /// An optionally signed run of decimal digits, consumed from `text`; nil
  /// when there are no digits or they overflow 32 bits.
  private static func integer(_ text: inout Substring) -> Int? {
    var s = text
    var negative = false
    if let c = s.first, c == "+" || c == "-" {
      negative = c == "-"
      s.removeFirst()
    }
    let digits = s.prefix { $0.isASCII && $0.isWholeNumber }
    guard !digits.isEmpty, digits.count <= 10, let value = Int(digits), value <= Int(Int32.max) else { return nil }
    text = s[digits.endIndex...]
    return negative ? -value : value
  }
}
