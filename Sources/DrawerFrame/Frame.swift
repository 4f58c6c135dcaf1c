import DrawerEngine
import DrawerRaster
import DrawerText

/// A premultiplied colour with 16-bit components, as the painter fills
/// with it.
public struct Paint: Hashable, Sendable {
  /// The red component, premultiplied by `alpha`, 0...65535.
  public var red: UInt16
  /// The green component, premultiplied by `alpha`, 0...65535.
  public var green: UInt16
  /// The blue component, premultiplied by `alpha`, 0...65535.
  public var blue: UInt16
  /// The opacity, 0 (none) to 65535 (opaque).
  public var alpha: UInt16

  /// A paint of these components, already premultiplied: none may exceed `alpha`.
  public init(red: UInt16, green: UInt16, blue: UInt16, alpha: UInt16) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// `color` at `opacity`. The only place a colour is premultiplied:
  /// `DrawerColor` is straight, and a component out of 0...1 (or not a
  /// number) is clamped (or 0).
  public init(_ color: DrawerColor, opacity: Double = 1) {
    func unit(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
    let a = unit(color.alpha) * unit(opacity)
    func channel(_ v: Double) -> UInt16 { UInt16((unit(v) * a * 65535).rounded()) }
    self.init(red: channel(color.red), green: channel(color.green), blue: channel(color.blue), alpha: UInt16((a * 65535).rounded()))
  }

  /// Nothing: what a `.source` fill clears to.
  public static let clear = Paint(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque white, which cuts a shape out of the shadow layer.
  public static let white = Paint(red: 0xFFFF, green: 0xFFFF, blue: 0xFFFF, alpha: 0xFFFF)

  /// Black at the 8-bit alpha `step` (0...255): the backdrop's dim.
  public static func dim(step: Int) -> Paint {
    Paint(red: 0, green: 0, blue: 0, alpha: UInt16(max(0, min(255, step))) * 257)
  }

  /// The 8-bit step (0...255) of a dim of `opacity` (0...1), as `dim(step:)` takes it.
  static func dimStep(opacity: Double) -> Int { Int(Paint(.black, opacity: opacity).alpha >> 8) }
}

/// Where an operation draws.
public enum Target: Hashable, Sendable {
  /// The back buffer, which the window shows after the present.
  case back
  /// The content picture: a bottom sheet's body, relative to its top-left
  /// pixel, which the window takes its lower rows from (`Frame.body`).
  case content
  /// The window-sized ARGB layer the shadows are gathered in.
  case layer
}

/// How an operation's pixels combine with the target's (Porter–Duff).
public enum Blend: Hashable, Sendable {
  /// Source over destination.
  case over
  /// Source replaces destination.
  case source
  /// Destination kept where the source is not.
  case outReverse
}

/// One line of text to draw: laid out in the box from `left`, `width` px
/// wide, with its baseline at `baseline`; what does not fit ends in an
/// ellipsis.
public struct TextRun: Hashable, Sendable {
  /// Its UTF-8 bytes, a range of `Frame.bytes`.
  public var bytes: Range<Int>
  /// The font role it is drawn in.
  public var role: FontRole
  /// The text's colour, straight (not premultiplied).
  public var color: DrawerColor
  /// The box's left edge, in the target's px.
  public var left: Int
  /// The box's width, px: the line is elided to fit it.
  public var width: Int
  /// The baseline's y, in the target's px.
  public var baseline: Int
  /// Where the line goes in a box wider than it.
  public var alignment: LineLayout.Alignment
  /// The character indices a query matched, ascending: a range of
  /// `Frame.highlights`, drawn in `highlightColor`.
  public var highlights: Range<Int>
  /// The colour the matched characters are drawn in.
  public var highlightColor: DrawerColor
  /// The glyphs show only inside it; nil shows them all.
  public var clip: PixelRect?
  /// Where the text is drawn: the back buffer or the content picture.
  public var target: Target
}

/// A drawing operation of a frame. Rectangles are in the target's pixels,
/// already clipped to what the frame draws: the painter only carries them
/// out, in order.
public enum DrawOp: Hashable, Sendable {
  /// Copies the scene (repeating) from (`sx`, `sy`) into `to` of the back
  /// buffer, dimmed by black at the 8-bit alpha `dim` over it.
  case copyScene(sx: Int, sy: Int, to: PixelRect, dim: Int)
  /// Paints `paint` over `rect` of `target`, through `mask` when there is
  /// one: the mask's pixel (`maskX`, `maskY`) lands on the rectangle's
  /// top-left.
  case paint(Paint, rect: PixelRect, target: Target, blend: Blend, mask: MaskKey?, maskX: Int, maskY: Int)
  /// Draws one line of text (`TextRun`) where the run says.
  case text(TextRun)
  /// Composites `rect` of the shadow layer over the back buffer.
  case compositeLayer(PixelRect)
  /// Composites row icon `id` (`RowIconSource.image`) over `rect` of
  /// `target`: the icon's pixel (`sourceX`, `sourceY`) lands on the
  /// rectangle's top-left.
  case icon(id: Int, rect: PixelRect, sourceX: Int, sourceY: Int, target: Target)
}

/// The scene a frame shows behind the panel: a new key draws it again.
public struct SceneKey: Hashable, Sendable {
  /// The window's width the scene is drawn for, device px.
  public var width: Int
  /// The window's height the scene is drawn for, device px.
  public var height: Int
  /// Counts the scene's invalidations: a font change, the hint's removal.
  public var generation: Int
  /// Whether the map's hint card is drawn on it.
  public var hint: Bool
}

/// What one frame draws: the operations, in order, and what the present
/// that follows them needs.
///
/// The contract with the presenter:
/// 1. when `content` is set, the content picture is made that size (kept
///    when it already is) and the `.content` operations redraw it;
/// 2. the scene named by `scene` is ready for `.copyScene`;
/// 3. every operation runs in order;
/// 4. the window shows `body` from its row down, and the back buffer
///    elsewhere; `damage` (all of it after `windowLost`) is what changed
///    in the back buffer;
/// 5. one present brings the window up to date;
/// 6. after the present, when `prepareDim` is set, the presenter makes that
///    dimmed scene ready, for a later `.copyScene` at its step.
public struct Frame: Sendable {
  /// The drawing operations, to be carried out in order.
  public internal(set) var ops: [DrawOp] = []
  /// The texts' bytes, which `TextRun.bytes` index.
  public internal(set) var bytes: [UInt8] = []
  /// The matched characters, which `TextRun.highlights` index.
  public internal(set) var highlights: [Int] = []
  /// The back buffer's pixels this frame changed, as rectangles (the
  /// regions the frame redraws, which do not overlap, and the scroll
  /// indicator's, which may).
  public internal(set) var damage: [PixelRect] = []
  /// The window must be copied whole: it showed something else.
  public internal(set) var windowLost = false
  /// The body the window shows from the content picture. Its `picture` is
  /// 0: the builder knows no server picture, and the presenter names its
  /// content picture there.
  public internal(set) var body: BodySource?
  /// The content picture's size when this frame redraws it.
  public internal(set) var content: (width: Int, height: Int)?
  /// The scene `.copyScene` copies from: a new key has the presenter draw it again first.
  public internal(set) var scene = SceneKey(width: 0, height: 0, generation: 0, hint: false)
  /// A dim step to make ready once this frame is on screen, while the
  /// window waits for the next one: a whole change of the dim to it later
  /// costs that frame one copy instead of a copy and a blend.
  public internal(set) var prepareDim: DimPreparation?

  /// An empty frame: no operations and no damage.
  public init() {}

  /// Empties the frame, keeping its storage: a frame allocates nothing
  /// once its arrays have grown.
  mutating func clear() {
    ops.removeAll(keepingCapacity: true)
    bytes.removeAll(keepingCapacity: true)
    highlights.removeAll(keepingCapacity: true)
    damage.removeAll(keepingCapacity: true)
    windowLost = false
    body = nil
    content = nil
    prepareDim = nil
  }
}

/// The scene dimmed to one step, made ready ahead of the frame that shows it.
///
/// The presenter copies `scene` into a picture of its own in `rects` and
/// blends black at the 8-bit alpha `step` over it, the same two passes as a
/// `.copyScene` at that step, so its pixels are the same. It keeps one such
/// picture, the last asked for: a later `.copyScene` at `step` of the same
/// scene takes what lies in `rects` from it with one copy, and the rest as
/// usual. Nothing else changes, so a step made ready and never shown costs
/// only the server's time between frames.
public struct DimPreparation: Equatable, Sendable {
  /// The 8-bit alpha of the black over the scene.
  public var step: Int
  /// The scene the step dims.
  public var scene: SceneKey
  /// Where it is made, in scene positions (inside the scene, not
  /// overlapping): the backdrop the frame that asked for it showed.
  public var rects: [PixelRect]

  /// `scene` dimmed to `step` in `rects`.
  public init(step: Int, scene: SceneKey, rects: [PixelRect]) {
    self.step = step
    self.scene = scene
    self.rects = rects
  }
}
