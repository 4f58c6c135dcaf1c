import CX11
import DrawerRaster

/// Presenting: the back buffer's damage, and the body a frame shows, reach
/// the window in one present a frame. `Presentation` decides the copies;
/// this carries them out for the presenter, the one caller.
extension XSession {
  /// Notes that the window lost its pixels: the next present copies all.
  func damageWholeWindow() {
    presentation.windowLost()
  }

  /// Copies the changed rows of the back buffer, and what changed in the
  /// body, to the window. It waits for the server only past
  /// `FramesInFlight.limit` unconfirmed frames, or after every frame with
  /// `waitsEveryFrame` (--frame-stats times each frame until the server
  /// has drawn it).
  ///
  /// Where `ready` names a rectangle, the window takes its pixels from
  /// `source` (which holds what the back buffer is to hold there) instead.
  func present(showing ready: ReadyRects = ReadyRects(), from source: Pixmap = 0) {
    let copies = presentation.present()
    for r in copies.back {
      guard !ready.isEmpty else {
        XCopyArea(
          display, backPixmap, window, copyGC, x32(r.x), x32(r.y), xLength32(r.width), xLength32(r.height), x32(r.x),
          x32(r.y))
        continue
      }
      let (shown, rest) = ready.split(r)
      for part in shown {
        let s = part.source
        XCopyArea(
          display, source, window, copyGC, x32(s.x), x32(s.y), xLength32(s.width), xLength32(s.height), x32(part.rect.x),
          x32(part.rect.y))
      }
      for r in rest {
        XCopyArea(
          display, backPixmap, window, copyGC, x32(r.x), x32(r.y), xLength32(r.width), xLength32(r.height), x32(r.x),
          x32(r.y))
      }
    }
    if let area = copies.body, let body = presentation.shownBody {
      if let clip = copies.bodyClip {
        bodyRectangles.removeAll(keepingCapacity: true)
        for r in clip { bodyRectangles.append(xRectangle(x: r.x, y: r.y, width: r.width, height: r.height)) }
        XSetClipRectangles(display, bodyGC, 0, 0, &bodyRectangles, x32(bodyRectangles.count), Unsorted)
      } else {
        XSetClipMask(display, bodyGC, 0)
      }
      XCopyArea(
        display, Pixmap(body.picture), window, bodyGC, x32(area.x - body.x), x32(area.y - body.y),
        xLength32(area.width), xLength32(area.height), x32(area.x), x32(area.y))
    }
    if copies.fillBeyondSurface { fillBeyondSurface() }
    let behind = framesInFlight.sent(
      endingAt: UInt64(XNextRequest(display)) - 1, processed: UInt64(XLastKnownRequestProcessed(display)))
    if behind || waitsEveryFrame {
      XSync(display, 0)
      framesInFlight.confirmAll()
    } else {
      XFlush(display)
    }
  }

  /// Waits until the server has drawn every frame sent: before a line
  /// reports state, so that whoever it wakes finds the frame on screen.
  /// No round trip when the server's events already confirmed them.
  func confirmFrames() {
    framesInFlight.confirm(processed: UInt64(XLastKnownRequestProcessed(display)))
    guard !framesInFlight.isEmpty else { return }
    XSync(display, 0)
    framesInFlight.confirmAll()
  }

  /// Fills what the window has beyond the surface (a window larger than
  /// `maximumSurfaceSide`) with black.
  private func fillBeyondSurface() {
    let (w, h) = windowSize
    guard w > width || h > height else { return }
    XSetForeground(display, copyGC, XBlackPixel(display, screen))
    if w > width { XFillRectangle(display, window, copyGC, x32(width), 0, xLength32(w - width), xLength32(h)) }
    if h > height { XFillRectangle(display, window, copyGC, 0, x32(height), xLength32(width), xLength32(h - height)) }
  }
}
