/// A row's icon, decoded: `size` × `size` premultiplied ARGB pixels in
/// native 32-bit words, row-major from the top left (XRender's a8r8g8b8).
public struct RowIconImage: Sendable {
  /// The side, pixels.
  public var size: Int
  /// `size` × `size` premultiplied a8r8g8b8 words.
  public var pixels: [UInt32]

  /// An icon of `size` × `size` pixels from `pixels`, premultiplied a8r8g8b8 words.
  public init(size: Int, pixels: [UInt32]) {
    self.size = size
    self.pixels = pixels
  }
}

/// Where the rows' icons come from (rofi's `-show-icons`): asked for a
/// row's icon as each frame draws it, and never blocking the frame.
///
/// The rule: `icon` answers at once, with the id of an icon already
/// decoded, or nil while it is being decoded or when the row has none;
/// a decode that finishes makes `descriptor` readable, and `takeArrivals`
/// then says that some row may now show its icon (the rows are drawn
/// again). An id names one decoded image for the life of the source.
public protocol RowIconSource: AnyObject {
  /// The id of input row `row`'s icon at `size` device pixels, once it
  /// is decoded; nil until then, or when the row has no icon.
  func icon(storeRow row: Int, size: Int) -> Int?
  /// The display's scale (1, 2…): the theme's directories for it are
  /// chosen; set again when the scale changes.
  var scale: Int { get set }
  /// The image an id names.
  func image(_ id: Int) -> RowIconImage?
  /// Readable when decodes have finished since the last `takeArrivals`.
  var descriptor: Int32 { get }
  /// Empties the descriptor: whether any icon was decoded since last time.
  func takeArrivals() -> Bool
}
