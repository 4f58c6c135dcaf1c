/// Where a detent rests, given the container and the content.
public enum Anchor: Hashable, Sendable {
  /// This many px from the home edge (FloatingPanel's absolute inset from
  /// the interactive edge's home side; DrawerKit's partial height).
  case fromHome(Double)
  /// This fraction of the container's length (0.5 is half).
  case fraction(Double)
  /// This many px short of the far edge (DrawerKit's gap at full,
  /// FloatingPanel's 18 pt from the top).
  case fromFar(Double)
  /// Fitted to the content: the panel's natural length (header, rows,
  /// padding), at most the container.
  case content

  /// The extent this anchor asks for in a container `containerLength` long
  /// whose content is `contentLength` long, within 0...containerLength.
  public func extent(containerLength: Double, contentLength: Double) -> Double {
    let c = max(0, containerLength)
    let wanted: Double
    switch self {
    case .fromHome(let px): wanted = px
    case .fraction(let f): wanted = f * c
    case .fromFar(let px): wanted = c - px
    case .content: wanted = contentLength
    }
    return wanted.isFinite ? clamp(wanted, 0, c) : 0
  }
}
