/// The app's own scrolling content, tracked in place of the built-in list:
/// OverlayContainer's `drivingScrollView`, FloatingPanel's
/// `track(scrollView:)` and `contentOffsetForPinning`.
///
/// The app's content lies in the list's viewport (the render model's
/// `list.viewport`), `contentLength` px long along the list's axis. The
/// engine then runs the same hand-off on it as on its own rows: a drag on
/// it scrolls it where it scrolls, moves the panel where it does not, and
/// hands one to the other without a jump; pulled down at its start, it
/// drags the panel, and a release there may dismiss (pull-to-dismiss); the
/// wheel and a flick's coast scroll it. The engine owns the offset while it
/// tracks: the app draws its content at `trackedScroll.offset` after each
/// input and frame, and reports only what it scrolls by itself.
public struct TrackedScroll: Hashable, Sendable {
  /// The content's whole length along the list's axis, px (a
  /// UIScrollView's `contentSize.height`). Shorter than the viewport, it
  /// does not scroll.
  public var contentLength: Double
  /// Where the content is scrolled to, px, in the app's own offsets, from
  /// `pinnedOffset` (its start) to `pinnedOffset + contentLength` less
  /// the viewport.
  public var offset: Double
  /// The offset the content is held at while the panel moves: its start.
  /// FloatingPanel's `contentOffsetForPinning` (which defaults to the top
  /// less the content inset, often negative).
  public var pinnedOffset: Double

  /// Content `contentLength` px long, scrolled to `offset`, held at
  /// `pinnedOffset` while the panel moves.
  public init(contentLength: Double, offset: Double = 0, pinnedOffset: Double = 0) {
    self.contentLength = contentLength
    self.offset = offset
    self.pinnedOffset = pinnedOffset
  }
}

extension Drawer {
  /// Tracks the app's scrolling content in place of the built-in list, or
  /// updates what the engine knows of it: its length, where it is pinned,
  /// and its offset when the app scrolled it by itself (an offset the
  /// engine already holds changes nothing, so an app may hand back every
  /// frame what it read). A new offset stops a coast. Non-finite numbers
  /// are ignored; the offset is kept within the content.
  ///
  /// ```swift
  /// engine.track(TrackedScroll(contentLength: 40 * 30))
  /// engine.handle(.pointerMove(p, time: t))
  /// scroll(myList, to: engine.trackedScroll!.offset)
  /// ```
  public func track(_ scroll: TrackedScroll) {
    guard scroll.contentLength.isFinite, scroll.offset.isFinite, scroll.pinnedOffset.isFinite else { return }
    let before = trackedScroll
    tracked = TrackedScroll(contentLength: max(0, scroll.contentLength), offset: 0, pinnedOffset: scroll.pinnedOffset)
    let wanted = clamp(scroll.offset - scroll.pinnedOffset, 0, maximumContentOffset(at: extent))
    if before == nil || abs(wanted - contentOffset) > offsetEpsilon {
      momentum = nil
      contentOffset = wanted
    } else {
      contentOffset = clamp(contentOffset, 0, maximumContentOffset(at: extent))
    }
  }

  /// Stops tracking: the built-in list is the panel's content again, at
  /// its start.
  public func untrack() {
    guard tracked != nil else { return }
    tracked = nil
    momentum = nil
    contentOffset = 0
  }

  /// The tracked content as the engine holds it now, its `offset` where
  /// the app draws it; nil while the built-in list is the content.
  public var trackedScroll: TrackedScroll? {
    tracked.map {
      TrackedScroll(contentLength: $0.contentLength, offset: $0.pinnedOffset + contentOffset, pinnedOffset: $0.pinnedOffset)
    }
  }

  /// The length of what the list scrolls, px: the tracked content's, or
  /// the built-in rows'.
  var scrolledLength: Double { tracked?.contentLength ?? Double(layout.rowCount) * layout.rowHeight }

  /// The largest scroll offset with the panel at `e`: what the viewport
  /// shows there, so the content's end is reachable at every detent that
  /// scrolls.
  func maximumContentOffset(at e: Double) -> Double {
    guard let tracked else { return layout.maximumContentOffset(at: e) }
    return max(0, tracked.contentLength - layout.listViewportHeight(at: e))
  }

  /// Whether the list's viewport holds the app's content: its presses are
  /// no rows, and its clicks are the app's.
  var tracksContent: Bool { tracked != nil }
}

/// Offsets closer than this are the same, px: an app's echo of what it
/// read back may have passed through its own rounding.
let offsetEpsilon = 0.01
