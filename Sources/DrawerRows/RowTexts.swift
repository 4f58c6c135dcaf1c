import DrawerProcess
import Glibc

/// The texts of the list's rows as the list shows them: the lines of
/// `--items` (or of `append` commands), narrowed by the typed query, or
/// place names made up from the row index.
///
/// Rows are addressed by their place in the list as shown; `storeRow`
/// gives a row's number in its source, the number events report and
/// `--print-index` prints. Drawing reads rows as UTF-8 byte buffers, never
/// as `String`: file lines live in one contiguous buffer (`RowStore`), and
/// generated rows are written into two scratch buffers allocated once, so
/// a frame costs no allocation whatever the row count.
public final class RowTexts {
  /// Number of rows shown.
  public private(set) var count: Int
  /// Whether rows have a second, smaller detail line.
  public let hasDetail: Bool
  /// The drawer's header title: the prompt and the query while filtering.
  public private(set) var title: [UInt8] = []
  /// What typing does, drawn dimmed after the title while the query is
  /// empty ("Type to filter"); empty once a character is typed, and where
  /// typing does not filter. A --password pick shows it too: it says
  /// nothing of the password.
  public private(set) var placeholder: [UInt8] = []
  private static let placeholderText = Array("Type to filter".utf8)
  /// The header's right-hand note, e.g. "200 places", "10 of 1,000 rows".
  public private(set) var summary: [UInt8] = []
  /// Grows whenever what the list or the header shows changes: the front
  /// end redraws when it moved.
  public private(set) var version = 0

  /// What the list says when it shows no row: "No matches" when the
  /// query hides every row read, "No rows" when there is none to hide.
  public var emptyText: [UInt8] { count == 0 && total > 0 ? RowTexts.noMatches : RowTexts.noRows }
  private static let noRows = Array("No rows".utf8)
  private static let noMatches = Array("No matches".utf8)

  /// The lines read, nil for generated rows.
  public let store: RowStore?
  /// Narrows the rows while the query is not empty; nil when typing does
  /// not filter.
  public let filter: RowFilter?
  /// The query as typed.
  public private(set) var query = ""
  /// The query's caret, in its UTF-8 bytes; nil is its end.
  private var queryCaret: Int?
  /// Where the caret stands in `title`, in its bytes, while a query is
  /// typed; nil when there is none to edit (nothing typed, or typing does
  /// not filter).
  public private(set) var caretInTitle: Int?
  /// Whether more rows may still arrive.
  public private(set) var isLoading = false
  /// The store's rows that `count` and the header take in: rows read since
  /// are matched (`matchArrivedRows`) but shown only at `rowsChanged`.
  public private(set) var total = 0
  /// The header's label when filtering (`--prompt`).
  public let prompt: String?
  /// rofi's row protocol: a row shows up to its first NUL, after which
  /// the store keeps words that match but do not show.
  public var showsUpToNul = false
  /// dmenu's one line (`--bar` with `--lines 0`): the matches drawn side
  /// by side after the query (`PickSettings.inline`).
  public var showsInline = false
  /// rofi's `-a` and `-u`: the input rows drawn as active and as urgent.
  public var active = RowRanges()
  /// rofi's `-u`: the input rows drawn as urgent.
  public var urgent = RowRanges()
  /// The rows' icons (rofi's `-show-icons`); nil draws none and leaves no
  /// room for them.
  public var icons: RowIconSource?
  /// A line under the header's title (`--mesg`); empty for none. The
  /// panel's header is made deep enough for it by its configuration
  /// (`headerMessageLines`).
  public var message: [UInt8] = [] {
    didSet { version += 1 }
  }
  /// Whether the header shows the query as dots (`--password`).
  public var hidesQuery = false {
    didSet { refreshHeader() }
  }
  /// The header's title when no prompt or query replaces it: the source's
  /// name (a file's name, "Rows" or "Places"), or the title an
  /// application gave. Set, the header shows the new one from the next frame.
  public var name: String {
    didSet { refreshHeader() }
  }
  /// Rows toggled in a multiple pick, by store row.
  public private(set) var marked = Set<UInt32>()

  private let scratch: UnsafeMutablePointer<UInt8>

  /// Bytes reserved per generated line; the longest generated text is ~60.
  private static let scratchLength = 128

  private init(
    name: String, hasDetail: Bool, count: Int, store: RowStore?, filter: MatchMode?, sorts: Bool = true,
    ignoresCase: Bool = false, prompt: String?
  ) {
    self.name = name
    self.hasDetail = hasDetail
    self.count = count
    self.store = store
    self.filter = filter.map { RowFilter(mode: $0, sorts: sorts, ignoresCase: ignoresCase) }
    self.prompt = prompt
    scratch = .allocate(capacity: 2 * RowTexts.scratchLength)
    refreshHeader()
  }

  deinit {
    scratch.deallocate()
  }

  /// `count` generated rows.
  public static func generated(count: Int) -> RowTexts {
    RowTexts(name: "Places", hasDetail: true, count: count, store: nil, filter: nil, prompt: nil)
  }

  /// No rows, under a header that says only `title`: the list of a panel
  /// whose body holds another program's window (--embed), which counts
  /// nothing.
  public static func titled(_ title: String) -> RowTexts {
    RowTexts(name: title, hasDetail: false, count: 0, store: nil, filter: nil, prompt: nil)
  }

  /// A list of `lines`, all there from the start, under the header's
  /// `title`: an application's own rows. A line past the store's limits
  /// (`ItemLimits`) ends the list there.
  public static func lines(_ lines: [String], title: String) -> RowTexts {
    let rows = RowTexts(name: title, hasDetail: false, count: 0, store: RowStore(), filter: nil, prompt: nil)
    for line in lines {
      do { try rows.store?.append(line: line) } catch { break }
    }
    rows.rowsChanged(finished: true)
    return rows
  }

  /// An empty list whose rows arrive later from the source named `name`
  /// (`-` is stdin); `filter` is how typing narrows them, nil when it
  /// does not, `sorts` whether matches show best first, and `ignoresCase`
  /// whether every query matches either case.
  public static func live(
    name: String, filter: MatchMode? = nil, sorts: Bool = true, ignoresCase: Bool = false, prompt: String? = nil,
    limits: ItemLimits = ItemLimits()
  ) -> RowTexts {
    let shown = sourceTitle(name, isRegularFile: isRegularFile(name))
    let rows = RowTexts(
      name: shown, hasDetail: false, count: 0, store: RowStore(limits: limits), filter: filter, sorts: sorts,
      ignoresCase: ignoresCase, prompt: prompt)
    rows.isLoading = true
    rows.refreshHeader()
    return rows
  }

  /// The header's title for rows read from `path`: a regular file's name,
  /// and the neutral "Rows" for everything whose name says nothing about
  /// the rows: standard input (`-`, usually a pipe), /dev and /proc paths
  /// (/dev/null, the /dev/fd/63 of a shell's `<(…)`), pipes, FIFOs and
  /// devices.
  static func sourceTitle(_ path: String, isRegularFile: Bool) -> String {
    let neutral = "Rows"
    guard path != "-", isRegularFile, !path.hasPrefix("/dev/"), !path.hasPrefix("/proc/") else { return neutral }
    return path.split(separator: "/").last.map(String.init) ?? neutral
  }

  /// Whether `path` names a regular file, following links.
  private static func isRegularFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
  }

  /// The lines of the file at `path` (`-` is stdin), read whole before
  /// returning, one row per line.
  ///
  /// An empty file gives no rows; a last line without a newline still
  /// counts; CRLF endings lose their CR; invalid UTF-8 is repaired with
  /// U+FFFD so every row draws whole. Reading stops at the first limit
  /// broken (exit 66, naming the limit) and at the first signal that ends
  /// the program, while a slow producer is still writing.
  public static func load(path: String, limits: ItemLimits = ItemLimits()) throws(Failure) -> RowTexts {
    let rows = RowTexts.live(name: path, limits: limits)
    let reader = try RowReader(path: path)
    while !reader.isFinished {
      try reader.waitForInput()
      _ = try reader.read(into: rows.store!, budget: Int.max)
    }
    rows.rowsChanged(finished: true)
    return rows
  }

  // MARK: Changes

  /// Whether the store holds rows that `count` and the header do not show
  /// yet.
  public var hasUnshownRows: Bool { (store?.count ?? 0) != total }

  /// Rows arrived in the store: they are matched against the query now, so
  /// each batch costs what it holds, and are shown at the next
  /// `rowsChanged`, which a loop calls once a frame. Nothing shown changes.
  public func matchArrivedRows(rankUntil deadline: Double = .infinity) {
    guard let store else { return }
    filter?.update(store, rankUntil: deadline)
  }

  /// The store grew (or was cleared, or ended): match the new rows and
  /// count them. Rows shown before keep their places.
  public func rowsChanged(finished: Bool = false, rankUntil deadline: Double = .infinity) {
    guard let store else { return }
    if finished { isLoading = false }
    filter?.update(store, rankUntil: deadline)
    total = store.count
    count = filter?.count(in: store) ?? store.count
    if marked.contains(where: { Int($0) >= store.count }) { marked = marked.filter { Int($0) < store.count } }
    refreshHeader()
  }

  /// Sets the typed query; the rows shown become its matches, ranked
  /// until `deadline` and then by `refineRanking`.
  public func setQuery(_ text: String, rankUntil deadline: Double = .infinity) {
    guard let filter, let store, text != query else { return }
    queryCaret = nil
    query = text
    filter.setQuery(text, in: store, rankUntil: deadline)
    // The query is matched against every row read: all are counted.
    total = store.count
    count = filter.count(in: store)
    refreshHeader()
  }

  /// Whether the matches are still being put in order (`refineRanking`).
  public var isRanking: Bool { filter?.isRanking ?? false }

  /// Ranks more of the matches, until `deadline`; the list is drawn again
  /// when the rows it shows first changed.
  public func refineRanking(until deadline: Double) {
    if filter?.refine(until: deadline) == true { version += 1 }
  }

  /// Toggles the mark of row `row` (as shown) in a multiple pick.
  public func toggleMark(_ row: Int) {
    guard row >= 0 && row < count, store != nil else { return }
    let key = UInt32(storeRow(row))
    if marked.remove(key) == nil { marked.insert(key) }
    version += 1
  }

  /// Icons were decoded (`icons`): the rows are drawn again to show them.
  public func iconsArrived() { version += 1 }

  /// Removes every mark: a kept pick starts its next choice unmarked.
  public func unmarkAll() {
    guard !marked.isEmpty else { return }
    marked.removeAll()
    version += 1
  }

  /// Whether row `row` (as shown) is marked.
  public func isMarked(_ row: Int) -> Bool {
    guard !marked.isEmpty, row >= 0 && row < count else { return false }
    return marked.contains(UInt32(storeRow(row)))
  }

  /// The store rows marked, in list order.
  public var markedRows: [Int] { marked.map(Int.init).sorted() }

  /// Removes every row and mark (`clear`); a generated list has none to remove.
  public func clear() {
    guard let store else { return }
    store.clear()
    marked.removeAll()
    filter?.reset(store)
    rowsChanged()
  }

  /// Moves the caret the header shows to byte `caret` of the query.
  public func setCaret(_ caret: Int) {
    guard filter != nil, caret != queryCaret else { return }
    queryCaret = caret
    refreshHeader()
  }

  private func refreshHeader() {
    version += 1
    placeholder = filter != nil && store != nil && query.isEmpty ? RowTexts.placeholderText : []
    guard store != nil else {
      title = Array(name.utf8)
      // Generated places are counted; a titled list has nothing to count.
      summary = hasDetail ? Array((count == 1 ? "1 place" : "\(count) places").utf8) : []
      return
    }
    if filter != nil {
      // The prompt, then the query after a caret's worth of space.
      var t = prompt ?? (query.isEmpty ? name : "")
      if !t.isEmpty && !query.isEmpty { t += " " }
      let prefix = t.utf8.count
      let caret = min(queryCaret ?? query.utf8.count, query.utf8.count)
      // A password shows one dot a character, and not its text.
      if hidesQuery {
        let before = String(decoding: query.utf8.prefix(caret), as: UTF8.self).count
        t += String(repeating: "•", count: query.count)
        caretInTitle = prefix + before * "•".utf8.count
      } else {
        t += query
        caretInTitle = prefix + caret
      }
      if query.isEmpty { caretInTitle = nil }
      title = Array(t.utf8)
    } else {
      title = Array((prompt ?? name).utf8)
    }
    var s = query.isEmpty ? (total == 1 ? "1 row" : "\(total) rows") : "\(count) of \(total)"
    if isLoading { s += "…" }
    summary = Array(s.utf8)
  }

  // MARK: Reading

  /// The number in its source of the row shown at `row`: the line number
  /// from 0, or the generated row's index.
  @inline(__always)
  public func storeRow(_ row: Int) -> Int { filter?.storeRow(row) ?? row }

  /// Calls `body` with row `row`'s title bytes and detail bytes (nil when
  /// rows have no detail). The buffers are valid only inside `body`.
  public func withRow<R>(_ row: Int, _ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>?) -> R) -> R {
    if let store {
      return store.withRow(storeRow(row)) { body(showsUpToNul ? RowProtocol.shown($0) : $0, nil) }
    }
    let titleEnd = writeGeneratedTitle(row, into: scratch)
    let detail = scratch + RowTexts.scratchLength
    let detailEnd = writeGeneratedDetail(row, into: detail)
    return body(
      UnsafeBufferPointer(start: scratch, count: titleEnd),
      UnsafeBufferPointer(start: detail, count: detailEnd))
  }

  /// Row `row`'s title as a `String`, for events and the pick.
  public func text(ofRow row: Int) -> String {
    guard row >= 0 && row < count else { return "" }
    return withRow(row) { title, _ in String(decoding: title, as: UTF8.self) }
  }

  /// The scalars of row `row`'s title that the query matched, by their
  /// place in the text from 0, ascending, for highlighting; empty without
  /// a query.
  public func highlights(ofRow row: Int) -> [Int] {
    guard let filter, !filter.query.isEmpty, row >= 0 && row < count else { return [] }
    return withRow(row) { title, _ in
      let bytes = filter.query.highlights(in: title)
      guard !bytes.isEmpty else { return [] }
      // Byte offsets to scalar places: count the bytes that start a scalar.
      var out: [Int] = []
      var scalar = -1
      var next = 0
      for i in 0..<title.count {
        if title[i] & 0xC0 != 0x80 { scalar += 1 }
        if next < bytes.count && bytes[next] == i {
          if out.last != scalar { out.append(scalar) }
          next += 1
        }
      }
      return out
    }
  }

  // MARK: Generated rows

  private static let places: [StaticString] = [
    "Maple", "Harbour", "Cedar", "Juniper", "Riverside", "Old Mill", "Lantern", "Copper",
    "Willow", "Granite", "Saffron", "Orchard", "Kestrel", "Meadow", "Bramble", "Linden",
    "Northgate", "Bluebell", "Foundry", "Quayside", "Hawthorn", "Little Brook", "Amber", "Seven Oaks",
  ]
  private static let kinds: [StaticString] = [
    "Café", "Bakery", "Park", "Library", "Market", "Books", "Gallery", "Station",
    "Pharmacy", "Gardens", "Bistro", "Museum", "Cinema", "Pool", "Deli", "Records",
  ]

  /// A well-mixed hash of the row index (SplitMix64's finaliser), so that
  /// neighbouring rows get unrelated names.
  private func mix(_ row: Int) -> UInt64 {
    var z = UInt64(truncatingIfNeeded: row) &+ 0x9E37_79B9_7F4A_7C15
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  private func writeGeneratedTitle(_ row: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
    let h = mix(row)
    var w = ByteWriter(p, capacity: RowTexts.scratchLength)
    w.append(RowTexts.places[Int(h % UInt64(RowTexts.places.count))])
    w.append(" ")
    w.append(RowTexts.kinds[Int((h >> 16) % UInt64(RowTexts.kinds.count))])
    return w.length
  }

  /// "#12 · 1.4 km · open until 21:00": the number keeps rows of a long list
  /// tellable apart.
  private func writeGeneratedDetail(_ row: Int, into p: UnsafeMutablePointer<UInt8>) -> Int {
    let h = mix(row)
    let tenthsOfKm = Int((h >> 32) % 95) + 1
    let closingHour = Int((h >> 48) % 7) + 17
    var w = ByteWriter(p, capacity: RowTexts.scratchLength)
    w.append("#")
    w.appendDecimal(row + 1)
    w.append(" · ")
    w.appendDecimal(tenthsOfKm / 10)
    w.append(".")
    w.appendDecimal(tenthsOfKm % 10)
    w.append(" km · open until ")
    w.appendDecimal(closingHour)
    w.append(":00")
    return w.length
  }
}

/// Appends bytes to a fixed buffer, dropping what does not fit.
private struct ByteWriter {
  let base: UnsafeMutablePointer<UInt8>
  let capacity: Int
  private(set) var length = 0

  init(_ base: UnsafeMutablePointer<UInt8>, capacity: Int) {
    self.base = base
    self.capacity = capacity
  }

  mutating func append(_ s: StaticString) {
    // withUTF8Buffer, not utf8Start: a one-scalar literal has no pointer.
    s.withUTF8Buffer { bytes in
      let n = min(bytes.count, capacity - length)
      if n > 0, let src = bytes.baseAddress { (base + length).update(from: src, count: n) }
      length += n
    }
  }

  /// Appends `value` in decimal; nothing when it does not fit whole.
  mutating func appendDecimal(_ value: Int) {
    var v = value.magnitude
    var digits = 1
    var rest = v
    while rest >= 10 {
      rest /= 10
      digits += 1
    }
    let total = digits + (value < 0 ? 1 : 0)
    guard length + total <= capacity else { return }
    if value < 0 { base[length] = UInt8(ascii: "-") }
    var i = length + total - 1
    repeat {
      base[i] = UInt8(ascii: "0") + UInt8(v % 10)
      v /= 10
      i -= 1
    } while v > 0
    length += total
  }
}

/// `bytes` with each invalid UTF-8 sequence replaced by U+FFFD (as
/// `String(decoding:as:)` does), or nil when that is more than `limit` bytes.
func repairedUTF8(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
  var out: [UInt8] = []
  out.reserveCapacity(min(limit, bytes.count + bytes.count / 8))
  var parser = Unicode.UTF8.ForwardParser()
  var input = bytes.makeIterator()
  while true {
    switch parser.parseScalar(from: &input) {
    case .valid(let encoded): out.append(contentsOf: encoded)
    case .error: out.append(contentsOf: [0xEF, 0xBF, 0xBD])
    case .emptyInput: return out
    }
    if out.count > limit { return nil }
  }
}
