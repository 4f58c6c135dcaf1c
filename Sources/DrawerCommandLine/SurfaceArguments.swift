import DrawerEngine
import DrawerProcess

/// The values of the surface flags: --shadow, --margins, --padding and
/// --max-width. Each mistake throws one usage line naming the flag.
enum SurfaceArguments {
  /// What --shadow allows, in words.
  static let shadowForm =
    "COLOR,OPACITY,RADIUS,X,Y[,SPREAD]: a colour, an opacity between 0 and 1, a blur radius between 0 and 200 px, "
    + "an offset within ±1000 px and a spread within ±200 px"

  /// `COLOR,OPACITY,RADIUS,X,Y[,SPREAD]`. Colours hold no commas, so the
  /// first field is the colour.
  static func shadow(_ text: String) throws(Failure) -> ShadowConfiguration {
    let fields = text.split(separator: ",", omittingEmptySubsequences: false)
    guard fields.count == 5 || fields.count == 6,
      let color = DrawerColor(parsing: String(fields[0])),
      let v = decimalList(text[fields[1].startIndex...]),
      (0...1).contains(v[0]), (0...200).contains(v[1]), abs(v[2]) <= 1000, abs(v[3]) <= 1000,
      v.count < 5 || abs(v[4]) <= 200
    else { throw .usage("--shadow", shadowForm, text) }
    return ShadowConfiguration(
      opacity: v[0], radius: v[1], offset: Point(x: v[2], y: v[3]), color: color, spread: v.count == 5 ? v[4] : 0)
  }

  /// One, two or four px values, as CSS orders them: all sides; top and
  /// bottom, then left and right; or top, right, bottom, left.
  static func insets(_ text: String, _ flag: String) throws(Failure) -> Insets {
    let allowed = "PX, V,H or T,R,B,L in px, each between 0 and 10000"
    guard let v = decimalList(text[...]), v.allSatisfy({ (0...10_000).contains($0) }) else {
      throw .usage(flag, allowed, text)
    }
    switch v.count {
    case 1: return Insets(all: v[0])
    case 2: return Insets(top: v[0], right: v[1], bottom: v[0], left: v[1])
    case 4: return Insets(top: v[0], right: v[1], bottom: v[2], left: v[3])
    default: throw .usage(flag, allowed, text)
    }
  }

  /// `PX`, `none` or `auto`.
  static func maximumWidth(_ text: String) throws(Failure) -> MaximumWidth {
    switch text {
    case "none": return .none
    case "auto": return .automatic
    default:
      guard let v = parseDecimal(text), v >= 1, v <= 100_000 else {
        throw .usage("--max-width", "auto, none or a number of px between 1 and 100000", text)
      }
      return .fixed(v)
    }
  }
}
