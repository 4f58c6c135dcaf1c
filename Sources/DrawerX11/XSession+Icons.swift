import CX11
import DrawerRows

extension XSession {
  /// An ARGB picture holding a row's icon (`RowIconImage`, premultiplied
  /// a8r8g8b8 words, which is XRender's ARGB32 in the client's byte
  /// order, which Xlib swaps for the server).
  func makeIcon(_ icon: RowIconImage) -> Picture {
    let side = max(1, icon.size)
    let pixmap = XCreatePixmap(display, window, xLength32(side), xLength32(side), 32)
    if icon.size > 0 && icon.pixels.count >= icon.size * icon.size, let gc = XCreateGC(display, pixmap, 0, nil) {
      icon.pixels.withUnsafeBytes { bytes in
        // XCreateImage wants a mutable pointer, but XPutImage only reads.
        let data = UnsafeMutableRawPointer(mutating: bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
        if let image = XCreateImage(
          display, visual, 32, ZPixmap, 0, data, xLength32(side), xLength32(side), 32, x32(side * 4))
        {
          XPutImage(display, pixmap, gc, image, 0, 0, 0, 0, xLength32(side), xLength32(side))
          // The pixels are the icon's; free only the XImage header.
          image.pointee.data = nil
          XFree(image)
        }
      }
      XFreeGC(display, gc)
    }
    return makePicture(pixmap: pixmap, format: argbFormat, repeating: false)
  }
}
