import DrawerEngine

/// The detail panel's look and detents: a card from the list's edge, over
/// the dimmed list, as FloatingPanel's Maps example opens a place's card
/// over the search results.
///
/// A card (margins on every side, every corner rounded, a shadow all
/// around) reads as a second sheet lying on the first, where a sheet the
/// list's size would hide that there is a list to go back to. It rests at
/// a little under half the window (`half`) and at full, short of
/// the far edge by FloatingPanel's top inset, and its text scrolls at
/// both; a drag down or a fast flick past half removes it (FloatingPanel's
/// projection and removal rule), and so do Escape and a click outside it.
/// Lengths are logical px, scaled with the list's configuration.
public enum DetailPanel {
  /// The card's inset from the window's sides, px: FloatingPanel's
  /// `SurfaceAppearance` examples float cards about this far in.
  public static let margin = 10.0
  /// Where `half` rests, a share of the window: a little under
  /// FloatingPanel's default half (0.5), so that over a list at its
  /// partial detent (300 of 600 px) the list's header still shows above
  /// the card, dimmed, and says what the card came from.
  public static let halfFraction = 0.4
  /// How far `full` stops short of the far edge, px: FloatingPanel's 18 pt
  /// full inset, plus a little so the list's edge shows above the card.
  public static let fullGap = 24.0
  /// The dim over the list at `half` and at `full`: FloatingPanel's
  /// default is 0.3 at full; a little less at half keeps the list legible
  /// as the place to return to, a little more at full marks it inactive.
  public static let halfBackdrop = 0.25
  /// The dim over the list while the card rests at `full`: 0.4.
  public static let fullBackdrop = 0.4
  /// The soft shadow, px blur and opacity: lifts the card off the list.
  public static let farShadow = ShadowConfiguration(opacity: 0.28, radius: 22, offset: Point(x: 0, y: 0), color: .black)
  /// The tight shadow that draws the card's outline against a light list.
  public static let nearShadow = ShadowConfiguration(opacity: 0.14, radius: 4, offset: Point(x: 0, y: 0), color: .black)
  /// Space added to a text line's height between lines, px: about 1.5
  /// times the 15 px row font, a usual line height for body text.
  public static let lineSpacing = 5.0

  /// The detent names, as the events report them.
  public static let half: DetentName = "half"
  /// The card's taller detent, `fullGap` px short of the far edge.
  public static let full: DetentName = "full"

  /// The detail panel's configuration for a list configured as `list`
  /// (logical px): the list's own, whole, with the card's detents,
  /// release rule, shape, shadows and content in place of the list's. Its
  /// `rowCount` is set by each push: the text's line count.
  ///
  /// Copying the whole value leaves no setting behind: every field the
  /// card does not set here is the list's (its edge, colours, handle,
  /// timing, reduced motion, clicks, metrics, maximum width...), and a
  /// field added later reaches the card without anyone listing it.
  public static func configuration(for list: DrawerConfiguration) -> DrawerConfiguration {
    var c = list
    // The card's places and how a release chooses among them; the list's
    // detent names mean nothing here.
    c.detents = [
      Detent(half.rawValue, .fraction(halfFraction), backdropAlpha: halfBackdrop, scrollsList: true),
      Detent(full.rawValue, .fromFar(fullGap), backdropAlpha: fullBackdrop, scrollsList: true),
    ]
    c.initialState = half
    c.backdropAlphas = [:]
    c.scrollingDetents = nil
    c.allowsRemoval = true
    c.releasePolicy = .projection(allowsSkipping: false, removalRate: 5.5)
    // Modal, and closed by a drag, Escape or a click outside whatever the
    // list allows: those are the ways back to the list.
    c.passthrough = false
    c.passthroughTouchesInStates = []
    c.isDrawerDraggable = true
    c.numberOfTapsForOutsideDrawerDismissal = 1
    // A card with its own shadows, its corners always round.
    c.margins = Insets(all: margin)
    c.padding = .zero
    c.border = BorderConfiguration()
    c.cornerAnimationOption = .none
    c.shadow = farShadow
    c.additionalShadows = [nearShadow]
    // Lines of one row's text, not rows to pick: the line pitch is the row
    // font's line height and the spacing.
    c.isPicker = false
    c.selectsRows = false
    c.headerMessageLines = 0
    c.rowHeight = 1
    c.metrics.rowTextPadding = lineSpacing
    c.rowCount = 0
    return c
  }
}
