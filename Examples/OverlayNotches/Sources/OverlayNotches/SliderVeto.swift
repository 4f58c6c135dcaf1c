import DrawerEngine

/// Drags that start on the slider are the slider's: the overlay does not
/// move for them (OverlayContainer's `shouldStartDraggingOverlay(_:at:in:)`).
final class SliderVeto: DrawerDelegate {
  /// Where the slider is now, window px.
  var sliderFrame: (Drawer) -> Rect = { _ in Rect(x: 0, y: 0, width: 0, height: 0) }
  /// Called with each answer.
  var answered: (Point, Bool) -> Void = { _, _ in }

  func drawer(_ drawer: Drawer, shouldBeginDragAt point: Point) -> Bool {
    let allowed = !sliderFrame(drawer).contains(point)
    answered(point, allowed)
    return allowed
  }
}
