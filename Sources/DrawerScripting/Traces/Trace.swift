import DrawerDesktop
import DrawerEngine

/// The `--record` format: JSON lines, one per input, replayed by
/// `drawer-replay`.
///
/// The first line is the header:
/// `{"trace":1,"args":[...],"width":W,"height":H,"time":T,"titleLine":L,"rowLine":R,"scale":S}`,
/// the command line (without the program name), the window's size, the
/// engine's start time, the font's line heights, all in device px, and the
/// scale the session started at (device px per logical px; 1 when absent,
/// as in traces from before it). Then one line per input to the panel host, in
/// order, each with its engine time `t` in seconds, printed exactly (Swift's
/// shortest round-tripping form):
/// - `{"t":T,"in":"down"|"up","x":X,"y":Y,"button":"primary"|"other"}`
/// - `{"t":T,"in":"move","x":X,"y":Y}`
/// - `{"t":T,"in":"leave"}`: the pointer left the window;
/// - `{"t":T,"in":"wheel","steps":S,"x":X,"y":Y}`: positive S scrolls down;
/// - `{"t":T,"in":"hwheel","steps":S,"x":X,"y":Y}`: the horizontal wheel,
///   positive S scrolls right (traces from before it have none);
/// - `{"t":T,"in":"key","key":NAME}`
/// - `{"t":T,"in":"resize","width":W,"height":H}`
/// - `{"t":T,"in":"present"|"dismiss","animated":BOOL}`
/// - `{"t":T,"in":"rows","count":N}`: the list now shows N rows (rows
///   arrived, or the query changed);
/// - `{"t":T,"in":"select","row":N}`: the program selected row N;
/// - `{"t":T,"in":"move-to"|"enable"|"disable","detent":NAME}`: a control
///   command;
/// - `{"t":T,"in":"scale","scale":S,"titleLine":L,"rowLine":R}`: the
///   desktop's scale changed, with the fonts' new line heights;
/// - `{"t":T,"in":"push","row":N,"lines":L}`: the detail panel of row N
///   opens with L lines of text;
/// - `{"t":T,"in":"pop","animated":BOOL}`: the detail panel is dismissed;
/// - `{"t":T,"in":"lines","lines":L}`: the detail's text was wrapped again;
/// - `{"t":T,"in":"frame"}`: an `advance(to:)`;
/// - `{"t":T,"in":"finish"}`: the program ended there.
public enum Trace {
  /// The format's version, the header's `trace` field: 1.
  public static let version = 1

  /// The trace's first line: the run's command line, window, start time, line heights and scale.
  public struct Header: Equatable, Sendable {
    /// The command line, without the program's name.
    public var arguments: [String]
    /// The window's width at the start, device px.
    public var width: Double
    /// The window's height at the start, device px.
    public var height: Double
    /// The engine's time when the session started, s on the monotonic clock.
    public var time: Double
    /// The front end's font metrics, which the layout depends on.
    public var titleLineHeight: Double
    /// The row font's line height, device px.
    public var rowLineHeight: Double
    /// Device px per logical px when the session started: a replay
    /// converts the flags with it, as the session did.
    public var scale: Double

    /// A header with these values; `scale` is 1 for traces from before it was recorded.
    public init(
      arguments: [String], width: Double, height: Double, time: Double, titleLineHeight: Double, rowLineHeight: Double,
      scale: Double = 1
    ) {
      self.arguments = arguments
      self.width = width
      self.height = height
      self.time = time
      self.titleLineHeight = titleLineHeight
      self.rowLineHeight = rowLineHeight
      self.scale = scale
    }
  }

  /// One recorded step.
  public enum Step: Equatable, Sendable {
    /// An input to the panel host, with its time.
    case input(DrawerInput)
    /// An `advance(to:)` at this engine time, s.
    case frame(Double)
    /// The program ended at this engine time, s.
    case finish(Double)
    /// The scale changed, and with it the fonts' line heights.
    case rescale(scale: Double, titleLineHeight: Double, rowLineHeight: Double, time: Double)
    /// A request to the panel stack: the detail panel opened, closed or
    /// re-wrapped.
    case stack(PanelStackRequest, time: Double)
    /// The list's detents replaced (`detents` on the control channel), as
    /// NAME=ANCHOR,...
    case detents(String, time: Double)
    /// Reduced motion turned on or off (the desktop's Gtk/EnableAnimations
    /// changed).
    case motion(reduced: Bool, time: Double)
  }

  static let keyNames: [(DrawerKey, String)] = [
    (.escape, "escape"), (.up, "up"), (.pageUp, "pageUp"), (.down, "down"), (.pageDown, "pageDown"),
    (.home, "home"), (.end, "end"), (.space, "space"), (.enter, "enter"), (.expandStage, "expandStage"),
    (.collapseStage, "collapseStage"),
  ]

  /// The header's line, `{"trace":1,...}`, every number printed exactly.
  public static func line(_ header: Header) -> String {
    let args = header.arguments.map { "\"" + escape($0) + "\"" }.joined(separator: ",")
    return "{\"trace\":\(version),\"args\":[\(args)],\"width\":\(exact(header.width)),\"height\":\(exact(header.height)),\"time\":\(exact(header.time)),\"titleLine\":\(exact(header.titleLineHeight)),\"rowLine\":\(exact(header.rowLineHeight)),\"scale\":\(exact(header.scale))}"
  }

  /// The line for `step`; nil for an input the format does not carry (an
  /// unanimated move by request, which no front end of this program sends).
  public static func line(_ step: Step) -> String? {
    func point(_ p: Point) -> String { ",\"x\":\(exact(p.x)),\"y\":\(exact(p.y))" }
    func button(_ b: PointerButton) -> String { b == .primary ? "primary" : "other" }
    switch step {
    case .frame(let t): return "{\"t\":\(exact(t)),\"in\":\"frame\"}"
    case .finish(let t): return "{\"t\":\(exact(t)),\"in\":\"finish\"}"
    case let .rescale(scale, title, row, t):
      return "{\"t\":\(exact(t)),\"in\":\"scale\",\"scale\":\(exact(scale)),\"titleLine\":\(exact(title)),\"rowLine\":\(exact(row))}"
    case let .detents(text, t): return "{\"t\":\(exact(t)),\"in\":\"detents\",\"detents\":\"\(escape(text))\"}"
    case let .motion(reduced, t): return "{\"t\":\(exact(t)),\"in\":\"motion\",\"reduced\":\(reduced)}"
    case let .stack(request, t):
      switch request {
      case let .pushDetail(row, lines): return "{\"t\":\(exact(t)),\"in\":\"push\",\"row\":\(row),\"lines\":\(lines)}"
      case .popDetail(let animated): return "{\"t\":\(exact(t)),\"in\":\"pop\",\"animated\":\(animated)}"
      case .setDetailLines(let lines): return "{\"t\":\(exact(t)),\"in\":\"lines\",\"lines\":\(lines)}"
      }
    case .input(let input):
      switch input {
      case let .pointerDown(p, b, t): return "{\"t\":\(exact(t)),\"in\":\"down\"\(point(p)),\"button\":\"\(button(b))\"}"
      case let .pointerUp(p, b, t): return "{\"t\":\(exact(t)),\"in\":\"up\"\(point(p)),\"button\":\"\(button(b))\"}"
      case let .pointerMove(p, t): return "{\"t\":\(exact(t)),\"in\":\"move\"\(point(p))}"
      case let .pointerLeft(t): return "{\"t\":\(exact(t)),\"in\":\"leave\"}"
      case let .wheel(steps, p, t): return "{\"t\":\(exact(t)),\"in\":\"wheel\",\"steps\":\(exact(steps))\(point(p))}"
      case let .horizontalWheel(steps, p, t):
        return "{\"t\":\(exact(t)),\"in\":\"hwheel\",\"steps\":\(exact(steps))\(point(p))}"
      case let .key(k, t):
        let name = keyNames.first { $0.0 == k }!.1
        return "{\"t\":\(exact(t)),\"in\":\"key\",\"key\":\"\(name)\"}"
      case let .resize(s, t):
        return "{\"t\":\(exact(t)),\"in\":\"resize\",\"width\":\(exact(s.width)),\"height\":\(exact(s.height))}"
      case let .request(.present(animated), t): return "{\"t\":\(exact(t)),\"in\":\"present\",\"animated\":\(animated)}"
      case let .request(.dismiss(animated), t): return "{\"t\":\(exact(t)),\"in\":\"dismiss\",\"animated\":\(animated)}"
      case let .request(.setRowCount(n), t): return "{\"t\":\(exact(t)),\"in\":\"rows\",\"count\":\(n)}"
      case let .request(.selectRow(n), t): return "{\"t\":\(exact(t)),\"in\":\"select\",\"row\":\(n)}"
      case let .request(.move(name, true), t):
        return "{\"t\":\(exact(t)),\"in\":\"move-to\",\"detent\":\"\(escape(name.rawValue))\"}"
      case let .request(.setEnabled(on, name), t):
        return "{\"t\":\(exact(t)),\"in\":\"\(on ? "enable" : "disable")\",\"detent\":\"\(escape(name.rawValue))\"}"
      case .request: return nil
      }
    }
  }

  /// Parses a header line; nil when it is not one.
  public static func header(_ line: String) -> Header? {
    guard let o = FlatJSON.parse(line), o.numbers["trace"] == Double(version),
      let w = o.numbers["width"], let h = o.numbers["height"], let t = o.numbers["time"], let args = o.arrays["args"],
      let title = o.numbers["titleLine"], let row = o.numbers["rowLine"],
      // The sizes a window can have, a clock a program can reach, lines a
      // font can have, the scales the program draws at.
      (0...32767).contains(w), (0...32767).contains(h), t.isFinite, abs(t) <= 1e12,
      (0...lineHeightLimit).contains(title), (0...lineHeightLimit).contains(row),
      ScaleChoice.range.contains(o.numbers["scale"] ?? 1)
    else { return nil }
    return Header(
      arguments: args, width: w, height: h, time: t, titleLineHeight: title, rowLineHeight: row,
      scale: o.numbers["scale"] ?? 1)
  }

  /// Parses a step line; nil when it is not one.
  public static func step(_ line: String) -> Step? {
    guard let o = FlatJSON.parse(line), let t = o.numbers["t"], t.isFinite, abs(t) <= 1e12,
      let kind = o.strings["in"]
    else { return nil }
    // Pointer positions within ±1,000,000 px, wheel steps within ±1000 and
    // sizes a window can have; anything else is not a recorded input.
    func bounded(_ key: String, _ limit: Double, low: Double? = nil) -> Double? {
      o.numbers[key].flatMap { $0 >= (low ?? -limit) && $0 <= limit ? $0 : nil }
    }
    let p = bounded("x", 1e6).flatMap { x in bounded("y", 1e6).map { Point(x: x, y: $0) } }
    let b: PointerButton? = o.strings["button"].flatMap { $0 == "primary" ? .primary : $0 == "other" ? .other : nil }
    switch kind {
    case "frame": return .frame(t)
    case "finish": return .finish(t)
    case "detents": return o.strings["detents"].map { .detents($0, time: t) }
    case "motion": return o.bools["reduced"].map { .motion(reduced: $0, time: t) }
    case "down": return p.flatMap { p in b.map { .input(.pointerDown(p, button: $0, time: t)) } }
    case "up": return p.flatMap { p in b.map { .input(.pointerUp(p, button: $0, time: t)) } }
    case "move": return p.map { .input(.pointerMove($0, time: t)) }
    case "leave": return .input(.pointerLeft(time: t))
    case "rows":
      return bounded("count", 100_000_000, low: 0).map { .input(.request(.setRowCount(Int($0)), time: t)) }
    case "select":
      return bounded("row", 100_000_000, low: 0).map { .input(.request(.selectRow(Int($0)), time: t)) }
    case "move-to", "enable", "disable":
      guard let name = o.strings["detent"] else { return nil }
      let detent = DetentName(name)
      if kind == "move-to" { return .input(.request(.move(to: detent, animated: true), time: t)) }
      return .input(.request(.setEnabled(kind == "enable", for: detent), time: t))
    case "wheel": return p.flatMap { p in bounded("steps", 1000).map { .input(.wheel(steps: $0, at: p, time: t)) } }
    case "hwheel":
      return p.flatMap { p in bounded("steps", 1000).map { .input(.horizontalWheel(steps: $0, at: p, time: t)) } }
    case "key":
      return o.strings["key"].flatMap { name in keyNames.first { $0.1 == name }.map { .input(.key($0.0, time: t)) } }
    case "resize":
      guard let w = bounded("width", 32767, low: 0), let h = bounded("height", 32767, low: 0) else { return nil }
      return .input(.resize(Size(width: w, height: h), time: t))
    case "scale":
      guard let scale = o.numbers["scale"], ScaleChoice.range.contains(scale),
        let title = bounded("titleLine", lineHeightLimit, low: 0), let row = bounded("rowLine", lineHeightLimit, low: 0)
      else { return nil }
      return .rescale(scale: scale, titleLineHeight: title, rowLineHeight: row, time: t)
    case "push":
      guard let row = bounded("row", 1e8, low: 0), let lines = bounded("lines", 1e8, low: 0),
        row == row.rounded(), lines == lines.rounded()
      else { return nil }
      return .stack(.pushDetail(row: Int(row), lines: Int(lines)), time: t)
    case "pop":
      guard let a = o.bools["animated"] else { return nil }
      return .stack(.popDetail(animated: a), time: t)
    case "lines":
      guard let lines = bounded("lines", 1e8, low: 0), lines == lines.rounded() else { return nil }
      return .stack(.setDetailLines(Int(lines)), time: t)
    case "present", "dismiss":
      // (A control command's present and dismiss are recorded like these.)
      guard let a = o.bools["animated"] else { return nil }
      return .input(.request(kind == "present" ? .present(animated: a) : .dismiss(animated: a), time: t))
    default: return nil
    }
  }

  /// The tallest line a font can have, px: past it a trace is not one.
  static let lineHeightLimit = 4000.0

  /// A Double as JSON, exactly: the shortest form that reads back the same.
  static func exact(_ v: Double) -> String { v.isFinite ? "\(v)" : "0" }

  static func escape(_ s: String) -> String {
    var line = JSONLine(event: "")
    line.add("v", s)
    // {"event":"","v":"..."} → the escaped value between the last quotes.
    let json = line.json
    return String(json.dropFirst("{\"event\":\"\",\"v\":\"".count).dropLast(2))
  }
}

/// A reader for the flat objects traces hold: string, number, boolean and
/// string-array values, no nesting.
enum FlatJSON {
  struct Object {
    var strings: [String: String] = [:]
    var numbers: [String: Double] = [:]
    var bools: [String: Bool] = [:]
    var arrays: [String: [String]] = [:]
  }

  static func parse(_ text: String) -> Object? {
    var s = Substring(text).unicodeScalars[...]
    var o = Object()
    func skipSpace() { while let c = s.first, c == " " || c == "\t" || c == "\r" { s.removeFirst() } }
    func take(_ c: Unicode.Scalar) -> Bool {
      skipSpace()
      guard s.first == c else { return false }
      s.removeFirst()
      return true
    }
    func string() -> String? {
      guard take("\"") else { return nil }
      var out = String.UnicodeScalarView()
      while let c = s.popFirst() {
        if c == "\"" { return String(out) }
        if c == "\\" {
          guard let e = s.popFirst() else { return nil }
          switch e {
          case "n": out.append("\n")
          case "t": out.append("\t")
          case "r": out.append("\r")
          case "b": out.append("\u{8}")
          case "f": out.append("\u{C}")
          case "u":
            let hex = String(String.UnicodeScalarView(s.prefix(4)))
            guard hex.count == 4, let v = UInt32(hex, radix: 16) else { return nil }
            s.removeFirst(4)
            var scalar = Unicode.Scalar(v)
            if (0xD800..<0xDC00).contains(v), s.starts(with: "\\u".unicodeScalars) {
              let low = String(String.UnicodeScalarView(s.dropFirst(2).prefix(4)))
              if let l = UInt32(low, radix: 16), (0xDC00..<0xE000).contains(l) {
                s.removeFirst(6)
                scalar = Unicode.Scalar(0x10000 + ((v - 0xD800) << 10) + (l - 0xDC00))
              }
            }
            out.append(scalar ?? "\u{FFFD}")
          default: out.append(e)
          }
        } else {
          out.append(c)
        }
      }
      return nil
    }
    guard take("{") else { return nil }
    if take("}") { return o }
    repeat {
      guard let key = string(), take(":") else { return nil }
      skipSpace()
      switch s.first {
      case "\"":
        guard let v = string() else { return nil }
        o.strings[key] = v
      case "[":
        s.removeFirst()
        var items: [String] = []
        if !take("]") {
          repeat {
            guard let v = string() else { return nil }
            items.append(v)
          } while take(",")
          guard take("]") else { return nil }
        }
        o.arrays[key] = items
      case "t", "f":
        let word = s.starts(with: "true".unicodeScalars) ? "true" : s.starts(with: "false".unicodeScalars) ? "false" : ""
        guard !word.isEmpty else { return nil }
        s.removeFirst(word.count)
        o.bools[key] = word == "true"
      default:
        var number = ""
        while let c = s.first, "+-0123456789.eE".unicodeScalars.contains(c) {
          number.unicodeScalars.append(c)
          s.removeFirst()
        }
        guard let v = Double(number) else { return nil }
        o.numbers[key] = v
      }
    } while take(",")
    guard take("}") else { return nil }
    skipSpace()
    return s.isEmpty ? o : nil
  }
}
