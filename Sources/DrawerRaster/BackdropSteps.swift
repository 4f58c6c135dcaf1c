/// Which 8-bit step of the backdrop's dim a frame draws.
///
/// A change of the dim, however small, changes every pixel of the content it
/// covers, and at 800x600 redrawing those pixels is most of what a frame
/// costs the X server. So while the panel moves, the step drawn follows the
/// model's only once the two differ by `movingTolerance` steps or more; in
/// between the dimmed content already in the window is kept, and the frame
/// redraws only the band the panel moves through. When the panel comes to
/// rest the step drawn is the model's exactly, so what stays on screen is
/// what was asked for.
public struct BackdropSteps: Sendable {
  /// Steps of 1/255 the drawn dim may lag the model's while the panel moves:
  /// 4 (about 1.6 % black, one to four levels of an 8-bit channel) keeps the
  /// change from frame to frame below what the eye tells apart on a moving
  /// scene, and cuts the full redraws of a drag across the whole dim range
  /// about fourfold.
  public static let movingTolerance = 4

  /// The step the last frame drew; nil before the first frame.
  public private(set) var shown: Int?

  /// No step drawn yet: the first frame draws the model's step exactly.
  public init() {}

  /// The step this frame draws for a model at step `target` (0...255), and
  /// records it: `target` at rest, on the first frame, and when the last
  /// step drawn is `movingTolerance` or more away; else the last step drawn.
  public mutating func step(target: Int, atRest: Bool) -> Int {
    let target = max(0, min(255, target))
    if !atRest, let shown, abs(shown - target) < BackdropSteps.movingTolerance { return shown }
    shown = target
    return target
  }

  /// Records that the frame drew `step` after all (the window kept the
  /// step it showed), so that the next frame compares with it.
  public mutating func hold(_ step: Int) { shown = max(0, min(255, step)) }

  /// Forgets the last step, after anything that redraws everything: the
  /// next frame draws the model's step exactly.
  public mutating func reset() { shown = nil }
}
