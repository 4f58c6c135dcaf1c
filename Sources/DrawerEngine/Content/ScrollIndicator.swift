/// The list's scroll indicator as drawn now: a thin bar inside the list's
/// trailing side whose place and length say which part of the rows shows.
public struct ScrollIndicatorModel: Hashable, Sendable {
  /// The bar (the thumb), in container px.
  public var frame: Rect
  /// 0...1, multiplied into the indicator's colour by the front end.
  public var alpha: Double
}

/// The scroll indicator as pure functions of the list's geometry and of
/// time, as iOS's: fully shown while the list's offset changes (a drag,
/// coasting, the wheel), held a second after the last change, then faded
/// out in a quarter of a second.
enum ScrollIndicator {
  /// How long the indicator stays fully shown after the offset last
  /// changed, s (origin: that change).
  static let holdDuration = 1.0
  /// How long it then takes to fade out, s (origin: the end of the hold).
  static let fadeDuration = 0.25

  /// The opacity `elapsed` seconds after the offset last changed: 1 through
  /// the hold, falling linearly to 0 over the fade, 0 after.
  static func alpha(sinceScroll elapsed: Double) -> Double {
    guard elapsed > holdDuration else { return 1 }
    return clamp(1 - (elapsed - holdDuration) / fadeDuration, 0, 1)
  }

  /// Whether the indicator still shows `elapsed` seconds after the last change.
  static func isShown(sinceScroll elapsed: Double) -> Bool { elapsed < holdDuration + fadeDuration }

  /// The thumb for a list `viewport` (container px) scrolled `offset` px
  /// into `contentLength` px of rows, or nil when the rows fit or there is
  /// no room for it.
  ///
  /// The rows run down the container on every edge, so the track runs down
  /// the viewport's right side, `inset` px in from it and from both ends.
  /// The thumb is to the track what the viewport is to the rows, but no
  /// shorter than `minimumLength`; at offset 0 it starts the track, at the
  /// largest offset it ends it.
  static func thumb(
    viewport: Rect, contentLength: Double, offset: Double, width: Double, inset: Double, minimumLength: Double
  ) -> Rect? {
    let visible = viewport.height
    let track = visible - 2 * inset
    guard contentLength > visible, track > 0, viewport.width >= width + inset else { return nil }
    let length = min(track, max(minimumLength, track * visible / contentLength))
    let progress = clamp(offset / (contentLength - visible), 0, 1)
    return Rect(
      x: viewport.maxX - inset - width, y: viewport.minY + inset + (track - length) * progress, width: width,
      height: length)
  }
}

extension Drawer {
  /// The indicator for the list in `viewport`, now; nil when it does not show.
  func scrollIndicator(in viewport: Rect) -> ScrollIndicatorModel? {
    guard let last = lastScrollTime, ScrollIndicator.isShown(sinceScroll: now - last) else { return nil }
    let m = configuration.metrics
    guard
      let frame = ScrollIndicator.thumb(
        viewport: viewport, contentLength: scrolledLength, offset: contentOffset,
        width: m.scrollIndicatorWidth, inset: m.scrollIndicatorInset, minimumLength: m.scrollIndicatorMinimumLength)
    else { return nil }
    return ScrollIndicatorModel(frame: frame, alpha: ScrollIndicator.alpha(sinceScroll: now - last))
  }

  /// Whether the indicator is held or fading: a front end keeps drawing
  /// frames until it is gone.
  var isScrollIndicatorShown: Bool {
    guard let last = lastScrollTime else { return false }
    return ScrollIndicator.isShown(sinceScroll: now - last)
  }
}
