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
  /// The model's step in the last frame, and how far it moved from the
  /// frame before (steps a frame): where the dim is heading.
  private var lastTarget: Int?
  private var speed = 0

  /// No step drawn yet: the first frame draws the model's step exactly.
  public init() {}

  /// The step this frame draws for a model at step `target` (0...255), and
  /// records it: `target` at rest, on the first frame, and when the last
  /// step drawn is `movingTolerance` or more away; else the last step drawn.
  ///
  /// `ready`, a step made ready ahead (`upcoming`), is drawn instead of
  /// `target` when the step must change while the panel moves and `ready`
  /// is within the tolerance of `target` too: the rule holds either way,
  /// and the change then costs one copy.
  public mutating func step(target: Int, atRest: Bool, ready: Int? = nil) -> Int {
    let target = max(0, min(255, target))
    speed = lastTarget.map { target - $0 } ?? 0
    lastTarget = target
    if !atRest, let shown {
      if abs(shown - target) < BackdropSteps.movingTolerance { return shown }
      if let ready, ready != shown, abs(ready - target) < BackdropSteps.movingTolerance {
        self.shown = ready
        return ready
      }
    }
    shown = target
    return target
  }

  /// The step the next change of a moving panel's dim will most likely
  /// draw, worth making ready: the model's step one frame on at its
  /// present speed, or a whole tolerance from the step shown if that is
  /// further, since no change comes before; nil when the dim stands still
  /// or nothing was drawn yet.
  ///
  /// `rest`, the step where the panel's move ends if it is known, is the
  /// next change when it lies within the tolerance of the step shown: no
  /// change comes on the way, and the frame at rest draws it.
  public func upcoming(restingAt rest: Int? = nil) -> Int? {
    guard let shown, let lastTarget else { return nil }
    if let rest = rest.map({ max(0, min(255, $0)) }), abs(rest - shown) < BackdropSteps.movingTolerance {
      return rest != shown ? rest : nil
    }
    let ahead = lastTarget + speed
    let way = ahead != shown ? (ahead > shown ? 1 : -1) : speed.signum()
    guard way != 0 else { return nil }
    let step = max(0, min(255, shown + way * max(BackdropSteps.movingTolerance, abs(ahead - shown))))
    return step != shown ? step : nil
  }

  /// Records that the frame drew `step` after all (the window kept the
  /// step it showed), so that the next frame compares with it.
  public mutating func hold(_ step: Int) { shown = max(0, min(255, step)) }

  /// Forgets the last step, after anything that redraws everything: the
  /// next frame draws the model's step exactly.
  public mutating func reset() {
    shown = nil
    lastTarget = nil
    speed = 0
  }
}
