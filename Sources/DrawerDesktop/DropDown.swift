import DrawerEngine

/// How a --desktop run lives beside the other windows: a launcher is
/// modal, a drop-down that holds an --embed client is not.
///
/// A modal run grabs the keyboard and the pointer before it maps, dims the
/// desktop and leaves on a click outside, as rofi does. A drop-down holds
/// no grab at any time: the embedded client has the X input focus, the
/// window covers the panel only, and the window manager's keys and the
/// other windows keep working, as Guake's and tilda's do.
public enum DesktopMode: Equatable, Sendable {
  /// Grabs, dims, takes every key.
  case modal
  /// No grab; with `hidesOnBlur` the panel slides out when the focus goes
  /// to another window (Guake's "hide on lose focus").
  case dropDown(hidesOnBlur: Bool)

  /// A drop-down when the run embeds a client, else modal.
  public init(embeds: Bool, hidesOnBlur: Bool) {
    self = embeds ? .dropDown(hidesOnBlur: hidesOnBlur) : .modal
  }

  /// Whether input is grabbed while the panel shows.
  public var grabs: Bool { self == .modal }

  /// Whether the window dims what lies outside the panel: a drop-down
  /// never shows a copy of the screen over windows that go on changing.
  public var dims: Bool { self == .modal }
}

/// Where the focus goes as a drop-down hides, and whether a focus change
/// while it shows hides it.
public enum DropDownFocusRule {
  /// The window to give the focus back to when the panel hides: the one
  /// that had it before the panel showed, but only while the focus is
  /// still the program's (its window or the client's). Focus the user
  /// moved elsewhere meanwhile stays where it went; nil then, and when
  /// nothing had the focus before.
  public static func returnTarget(focusIsOurs: Bool, previous: UInt?) -> UInt? {
    guard focusIsOurs, let previous, previous > 1 else { return nil }
    return previous
  }

  /// Whether a focus change hides the panel: with --hide-on-blur, once the
  /// panel shows (not while it slides out already) and the focus went to
  /// a window that is not the program's. A window manager's passing grab
  /// (its hotkey, Alt+Tab's cycling) moves no focus and is no blur.
  public static func hides(mode: DesktopMode, shown: Bool, focusIsOurs: Bool, duringGrab: Bool) -> Bool {
    guard case .dropDown(hidesOnBlur: true) = mode, shown, !duringGrab else { return false }
    return !focusIsOurs
  }
}

/// The window's shape as whole-pixel rows: the panel's visible surface,
/// its rounded corners cut out, for the X Shape extension (a drop-down's
/// window covers the panel only).
public enum PanelRegion {
  /// Rectangles that together cover the pixels whose centres lie on
  /// `surface`, clipped to `bounds`; rows of equal span are merged, so a
  /// square panel is one rectangle and each rounded corner adds about its
  /// radius in rows.
  public static func rectangles(of surface: SurfaceShape, within bounds: PixelRect) -> [PixelRect] {
    let f = surface.frame
    guard f.width > 0, f.height > 0 else { return [] }
    let y0 = max(bounds.y, Int((f.minY).rounded(.down)))
    let y1 = min(bounds.maxY, Int((f.maxY).rounded(.up)))
    var out: [PixelRect] = []
    var y = y0
    while y < y1 {
      let span = self.span(of: surface, row: y, bounds: bounds)
      var end = y + 1
      while end < y1, self.span(of: surface, row: end, bounds: bounds) == span { end += 1 }
      if let s = span { out.append(PixelRect(x: s.lowerBound, y: y, width: s.count, height: end - y)) }
      y = end
    }
    return out
  }

  /// The pixels of row `y` whose centres lie on the surface, as a
  /// half-open range of x; nil when none do.
  private static func span(of s: SurfaceShape, row y: Int, bounds: PixelRect) -> Range<Int>? {
    let f = s.frame
    let cy = Double(y) + 0.5
    guard cy >= f.minY, cy < f.maxY else { return nil }
    // How far a corner of radius r pulls the row in, at distance d from
    // the corner square's inner edge.
    func inset(_ r: Double, _ d: Double) -> Double {
      guard r > 0, d > 0 else { return 0 }
      return r - (max(0, r * r - d * d)).squareRoot()
    }
    let r = s.radii
    let fromTop = f.minY - cy
    let fromBottom = cy - f.maxY
    let left = max(inset(r.topLeft, fromTop + r.topLeft), inset(r.bottomLeft, fromBottom + r.bottomLeft))
    let right = max(inset(r.topRight, fromTop + r.topRight), inset(r.bottomRight, fromBottom + r.bottomRight))
    // Pixel x is in when its centre x + 0.5 lies within [minX + left, maxX - right).
    let x0 = max(bounds.x, Int((f.minX + left - 0.5).rounded(.up)))
    let x1 = min(bounds.maxX, Int((f.maxX - right - 0.5).rounded(.up)))
    return x1 > x0 ? x0..<x1 : nil
  }
}
