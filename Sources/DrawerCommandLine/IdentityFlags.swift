import DrawerDesktop
import DrawerProcess

extension LaunchFlags {
  /// The checked geometry: the size (800x600 unless given) and the offsets.
  func checkedGeometry() throws(Failure) -> (width: Int, height: Int, placement: WindowGeometry) {
    let sizes = 16...16384
    let allowed =
      "an X geometry, WxH then ±X±Y, either part optional, with W and H whole px from \(sizes.lowerBound) to \(sizes.upperBound) and offsets up to \(maximumGeometryOffset)"
    guard let text = self[.geometry] else { return (800, 600, WindowGeometry()) }
    guard !text.isEmpty, let g = WindowGeometry(text) else { throw .usage("--geometry", allowed, text) }
    for side in [g.width, g.height] { if let side, !sizes.contains(side) { throw .usage("--geometry", allowed, text) } }
    for offset in [g.x, g.y] {
      if let offset, abs(offset.distance) > maximumGeometryOffset { throw .usage("--geometry", allowed, text) }
    }
    return (g.width ?? 800, g.height ?? 600, g)
  }

  /// The checked names; `picking` makes the window a dialog, titled by
  /// its `prompt` (when it makes a title line) unless --title is given:
  /// a pick's window says what it asks, as its header does.
  func identity(picking: Bool, prompt: String? = nil) throws(Failure) -> WindowIdentity {
    let title = self[.title], name = self[.name], windowClass = self[.windowClass]
    var identity = WindowIdentity()
    identity.isDialog = picking
    if picking, title == nil, let prompt, isTitleLine(prompt) { identity.title = prompt }
    if let title {
      guard isTitleLine(title) else {
        throw .usage("--title", "one line of text, at most \(maximumTitleLength) bytes", title)
      }
      identity.title = title
    }
    if let name { identity.instanceName = try resourceComponent(name, "--name") }
    if let windowClass { identity.className = try resourceComponent(windowClass, "--class") }
    return identity
  }

  /// A name that can lead a resource line: the characters a resource
  /// component may hold, so that `NAME.handleColor` can be written.
  private func resourceComponent(_ text: String, _ flag: String) throws(Failure) -> String {
    let allowed = "a name of ASCII letters, digits, - and _, at most \(maximumClassNameLength) bytes"
    guard !text.isEmpty, text.utf8.count <= maximumClassNameLength,
      text.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_") })
    else { throw .usage(flag, allowed, text) }
    return text
  }
}

/// Whether `text` can be a window title: one line, not empty, within
/// `maximumTitleLength` bytes.
private func isTitleLine(_ text: String) -> Bool {
  !text.isEmpty && text.utf8.count <= maximumTitleLength && !text.unicodeScalars.contains(where: isControl)
}

private func isControl(_ s: Unicode.Scalar) -> Bool {
  s.properties.generalCategory == .control || s == "\u{2028}" || s == "\u{2029}"
}
