import DrawerX11

/// The app's own content: a map drawn once into a picture that the panel
/// shows behind itself. Land, two roads, a park and a lake, in XRender fills.
func drawMap(display: OpaquePointer, window: Window, width: Int, height: Int) -> Picture {
  let screen = XDefaultScreen(display)
  let pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
  let format = XRenderFindVisualFormat(display, XDefaultVisual(display, screen))
  let picture = XRenderCreatePicture(display, pixmap, format, 0, nil)
  func fill(_ rgb: UInt32, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
    var c = XRenderColor(
      red: UInt16((rgb >> 16) & 0xFF) * 257, green: UInt16((rgb >> 8) & 0xFF) * 257, blue: UInt16(rgb & 0xFF) * 257,
      alpha: 0xFFFF)
    XRenderFillRectangle(display, Int32(PictOpSrc), picture, &c, Int32(x), Int32(y), UInt32(w), UInt32(h))
  }
  fill(0xE8E4D8, 0, 0, width, height)  // land
  fill(0xB9DCA5, width / 8, height / 6, width / 4, height / 4)  // a park
  fill(0x9CC9F0, width * 5 / 8, height / 10, width / 4, height / 3)  // a lake
  fill(0xFFFFFF, 0, height / 2, width, 14)  // an avenue
  fill(0xFFFFFF, width / 2, 0, 12, height)  // a street
  fill(0xF2C94C, width / 2 - 40, height / 2 - 2, 80, 4)  // a bus line
  return picture
}
