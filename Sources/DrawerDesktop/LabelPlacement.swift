import DrawerEngine

/// Where a map label goes once its text is measured: in the first of its
/// places where it fits whole, clear of what it must not cover (pins, the
/// labels placed before it); elided into the widest clear span when it
/// fits whole nowhere; left out when not even a short piece fits.
///
/// A label's places are boxes of the map (a park's inside, the side of a
/// road), so it fits its feature at every scale and every window size,
/// whatever the text's size is against the map's.
public enum LabelPlacement {
  /// One place a label may go: the span it may take across, and its
  /// baseline, px.
  public struct Place: Equatable, Sendable {
    /// Where the span starts, px from the map's left.
    public var left: Double
    /// Where the span ends, px from the map's left.
    public var right: Double
    /// The baseline of the label's line, px from the map's top.
    public var baseline: Double

    /// A place spanning `left` to `right` with its baseline at `baseline`, px.
    public init(left: Double, right: Double, baseline: Double) {
      self.left = left
      self.right = right
      self.baseline = baseline
    }
  }

  /// A placed label: where its line starts, how wide it may draw (less
  /// than its text's width when elided) and its baseline, px.
  public struct Placed: Equatable, Sendable {
    /// Where the label's line starts, px from the map's left.
    public var left: Double
    /// How wide the label may draw, px: its text's width, or less when elided.
    public var width: Double
    /// The baseline the label is drawn on, px from the map's top.
    public var baseline: Double
    /// The box the label takes, for the labels after it to keep clear of.
    public var box: Rect
  }

  /// Space kept between a label and what it avoids, px.
  public static let gap = 3.0

  /// Places a line `width` px wide whose glyphs rise `ascent` above the
  /// baseline and fall `descent` below it in the first of `places` where
  /// it fits whole, centred in the clear span it has there; elided into
  /// the widest clear span when it fits nowhere, if that is at least
  /// `shortest` px; nil when no place leaves that much.
  public static func place(
    width: Double, ascent: Double, descent: Double, in places: [Place], avoiding obstacles: [Rect], shortest: Double
  ) -> Placed? {
    var widest: (span: (Double, Double), place: Place)?
    for p in places {
      let top = p.baseline - ascent - gap
      let bottom = p.baseline + descent + gap
      for span in clearSpans(p.left, p.right, top: top, bottom: bottom, obstacles: obstacles) {
        let room = span.1 - span.0
        if room >= width {
          let left = span.0 + (room - width) / 2
          return placed(left: left, width: width, p, ascent, descent)
        }
        if room > (widest.map { $0.span.1 - $0.span.0 } ?? 0) { widest = (span, p) }
      }
    }
    guard let widest, widest.span.1 - widest.span.0 >= shortest else { return nil }
    return placed(left: widest.span.0, width: widest.span.1 - widest.span.0, widest.place, ascent, descent)
  }

  private static func placed(left: Double, width: Double, _ p: Place, _ ascent: Double, _ descent: Double) -> Placed {
    Placed(
      left: left, width: width, baseline: p.baseline,
      box: Rect(x: left, y: p.baseline - ascent, width: width, height: ascent + descent))
  }

  /// The parts of `left...right` that no obstacle between `top` and
  /// `bottom` covers, left to right.
  static func clearSpans(
    _ left: Double, _ right: Double, top: Double, bottom: Double, obstacles: [Rect]
  ) -> [(Double, Double)] {
    var spans = [(left, right)]
    for o in obstacles where o.maxY > top && o.minY < bottom {
      let cut = (o.minX - gap, o.maxX + gap)
      spans = spans.flatMap { s -> [(Double, Double)] in
        guard cut.1 > s.0 && cut.0 < s.1 else { return [s] }
        return [(s.0, cut.0), (cut.1, s.1)].filter { $0.1 > $0.0 }
      }
    }
    return spans
  }
}
