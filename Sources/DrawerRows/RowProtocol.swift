import Glibc

/// What rofi's row protocol says about one row besides its text.
public struct RowOptions: Equatable, Sendable {
  /// `icon`: the icon's name in the icon theme, or a file's path.
  public var icon: String?
  /// `meta`: words that match but are not shown.
  public var meta: String?
  /// `nonselectable`: the row cannot be the pick.
  public var nonselectable = false
  /// `info`: given to a script mode as ROFI_INFO.
  public var info: String?

  /// Options as given; by default none, so the row is a plain selectable one.
  public init(icon: String? = nil, meta: String? = nil, nonselectable: Bool = false, info: String? = nil) {
    self.icon = icon
    self.meta = meta
    self.nonselectable = nonselectable
    self.info = info
  }

  /// Whether the row carries no option.
  public var isEmpty: Bool { icon == nil && meta == nil && !nonselectable && info == nil }
}

/// rofi's row protocol: a row is `text\0option\x1fvalue\x1foption\x1fvalue…`.
///
/// The rule: the text ends at the first NUL; after it come option names
/// and values, each ended by the unit separator (0x1F, the last one
/// optionally). `icon`, `meta`, `nonselectable` (true when `true`) and
/// `info` are read; other options are passed over, as rofi passes over
/// those it does not know. The store keeps the text, and after a NUL the
/// meta words, so that they match but neither show nor print.
public enum RowProtocol {
  /// The row's text and its options.
  public static func parse(_ record: ArraySlice<UInt8>) -> (text: ArraySlice<UInt8>, options: RowOptions) {
    guard let nul = record.firstIndex(of: 0) else { return (record, RowOptions()) }
    var options = RowOptions()
    let fields = record[(nul + 1)...].split(separator: 0x1F, omittingEmptySubsequences: false)
    var i = fields.startIndex
    while i + 1 < fields.endIndex {
      let name = String(decoding: fields[i], as: UTF8.self)
      let value = String(decoding: fields[i + 1], as: UTF8.self)
      switch name {
      case "icon": options.icon = value
      case "meta": options.meta = value
      case "nonselectable": options.nonselectable = value == "true"
      case "info": options.info = value
      default: break
      }
      i += 2
    }
    return (record[..<nul], options)
  }

  /// The bytes the store keeps for a row: its text, and a NUL and the meta
  /// words when there are any.
  public static func stored(text: ArraySlice<UInt8>, options: RowOptions) -> [UInt8] {
    guard let meta = options.meta, !meta.isEmpty else { return Array(text) }
    return Array(text) + [0] + Array(meta.utf8)
  }

  /// The shown part of a stored row: up to its first NUL.
  @inline(__always)
  public static func shown(_ row: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    guard let base = row.baseAddress, let nul = memchr(base, 0, row.count) else { return row }
    return UnsafeBufferPointer(start: base, count: base.distance(to: nul.assumingMemoryBound(to: UInt8.self)))
  }
}

/// The options of the rows that carry any, by their number in the input,
/// written by the thread that reads the input and read by the loop.
public final class RowOptionsTable: @unchecked Sendable {
  private var options: [Int: RowOptions] = [:]
  private var lock = pthread_mutex_t()

  /// An empty table.
  public init() { pthread_mutex_init(&lock, nil) }
  deinit { pthread_mutex_destroy(&lock) }

  /// Records `value` for input row `row`; an empty one records nothing.
  public func set(_ value: RowOptions, row: Int) {
    guard !value.isEmpty else { return }
    pthread_mutex_lock(&lock)
    options[row] = value
    pthread_mutex_unlock(&lock)
  }

  /// Input row `row`'s options; empty when it has none.
  public func options(ofRow row: Int) -> RowOptions {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    return options[row] ?? RowOptions()
  }
}
