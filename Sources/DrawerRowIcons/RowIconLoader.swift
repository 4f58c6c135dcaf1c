import DrawerRows
import Glibc

/// The rows' icons of a pick (rofi's `-show-icons`): each icon's name
/// looked up in the icon theme (`IconLookup`) and decoded
/// (`IconDecoding`) on a thread of its own, and cached by name, size and
/// scale.
///
/// The rule: nothing happens until a row first asks for its icon; then
/// the thread starts, and the theme is read, only as the first icon is
/// wanted. A frame never waits: `icon` answers from the cache, and asks
/// the thread for what it lacks; each decode that ends writes a byte to
/// a pipe (`descriptor`), so the loop wakes and draws the rows again. An
/// icon that cannot be found or decoded is asked for once, and shows
/// nothing.
public final class RowIconLoader: RowIconSource, @unchecked Sendable {
  /// One icon wanted: the name at a size in device pixels, at a scale.
  public struct Key: Hashable, Sendable {
    /// The row's `icon`: a name in the theme, or a file's absolute path.
    public var name: String
    /// The side in device pixels, and the display scale it was asked at.
    public var size: Int
    /// The display's scale (1, 2…) the theme's directories are chosen for.
    public var scale: Int
  }

  private enum Entry {
    case pending
    case ready(Int)
    case missing
  }

  /// The theme the user asked for (nil: hicolor alone).
  public let theme: String?
  /// The display's scale: the theme's `Scale` directories chosen for it.
  public var scale: Int {
    didSet { scale = max(1, scale) }
  }
  private let environment: [String: String]
  private let names: (Int) -> String?

  // The loop's side.
  private var entries: [Key: Entry] = [:]
  private var images: [RowIconImage] = []

  // Shared with the thread, under `lock`.
  private var lock = pthread_mutex_t()
  private var wake = pthread_cond_t()
  private var queue: [Key] = []
  private var finished: [(Key, RowIconImage?)] = []
  private var started = false
  private var ends: [Int32] = [-1, -1]

  /// Themes searched after the user's and before hicolor, as rofi 1.7
  /// does: an icon only Adwaita has (`input-keyboard`) shows with no
  /// theme set, as it does in rofi.
  public static let fallbackThemes = ["Adwaita", "gnome"]

  /// A loader for the icons `names` gives each input row (nil for none),
  /// found in `theme` and its parents, then `fallbackThemes`, in the
  /// directories `environment` names, at the display's `scale`.
  public init(theme: String?, scale: Int, environment: [String: String], names: @escaping (Int) -> String?) {
    self.theme = theme
    self.scale = max(1, scale)
    self.environment = environment
    self.names = names
    pthread_mutex_init(&lock, nil)
    pthread_cond_init(&wake, nil)
    if pipe(&ends) == 0 {
      for fd in ends {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(fd, F_SETFL, O_NONBLOCK)
      }
    } else {
      ends = [-1, -1]
    }
  }

  /// A loader for the icons of a pick's rofi row protocol (`table`).
  public convenience init(theme: String?, scale: Int, environment: [String: String], table: RowOptionsTable) {
    self.init(theme: theme, scale: scale, environment: environment) { table.options(ofRow: $0).icon }
  }

  /// The pipe's read end: readable once a decode has ended since the last `takeArrivals`.
  public var descriptor: Int32 { ends[0] }

  /// The id of input row `row`'s icon at `size` device px from the cache; nil asks the thread for it.
  public func icon(storeRow row: Int, size: Int) -> Int? {
    guard let name = names(row), !name.isEmpty, size > 0 else { return nil }
    let key = Key(name: name, size: size, scale: scale)
    switch entries[key] {
    case .ready(let id): return id
    case .pending, .missing: return nil
    case nil:
      entries[key] = .pending
      request(key)
      return nil
    }
  }

  /// The decoded image `id` names; nil for an id this loader never gave.
  public func image(_ id: Int) -> RowIconImage? { id >= 0 && id < images.count ? images[id] : nil }

  /// Empties the pipe: whether a decode ended since the last call.
  public func takeArrivals() -> Bool {
    var byte = [UInt8](repeating: 0, count: 256)
    while ends[0] >= 0 && read(ends[0], &byte, byte.count) > 0 {}
    pthread_mutex_lock(&lock)
    let done = finished
    finished.removeAll()
    pthread_mutex_unlock(&lock)
    var shown = false
    for (key, image) in done {
      if let image {
        entries[key] = .ready(images.count)
        images.append(image)
        shown = true
      } else {
        entries[key] = .missing
      }
    }
    return shown
  }

  private func request(_ key: Key) {
    pthread_mutex_lock(&lock)
    queue.append(key)
    let start = !started
    started = true
    pthread_cond_signal(&wake)
    pthread_mutex_unlock(&lock)
    if start { startThread() }
  }

  private func startThread() {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    guard
      pthread_create(
        &thread, nil,
        { context in
          Unmanaged<RowIconLoader>.fromOpaque(context!).takeRetainedValue().run()
          return nil
        }, context) == 0
    else {
      // No thread: the icons stay unshown, and the rows go on without them.
      Unmanaged<RowIconLoader>.fromOpaque(context).release()
      return
    }
    pthread_detach(thread)
  }

  /// The thread: takes the oldest wanted icon, finds and decodes it, and
  /// says so through the pipe. It lives as long as the program.
  private func run() {
    let lookup = IconLookup(theme: theme, fallbacks: RowIconLoader.fallbackThemes, environment: environment)
    while true {
      pthread_mutex_lock(&lock)
      while queue.isEmpty { pthread_cond_wait(&wake, &lock) }
      let key = queue.removeFirst()
      pthread_mutex_unlock(&lock)
      let logical = max(1, (key.size + key.scale / 2) / key.scale)
      let image = lookup.find(key.name, size: logical, scale: key.scale).flatMap {
        IconDecoding.decode(path: $0, size: key.size)
      }
      pthread_mutex_lock(&lock)
      finished.append((key, image))
      pthread_mutex_unlock(&lock)
      var one: UInt8 = 1
      _ = write(ends[1], &one, 1)
    }
  }
}
