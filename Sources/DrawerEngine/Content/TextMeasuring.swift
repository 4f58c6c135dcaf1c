/// Font metrics, supplied by the front end so layout needs no font library.
public protocol TextMeasuring {
  /// Height of one line of the drawer's title, px.
  var titleLineHeight: Double { get }
  /// Height of one line of list text, px.
  var rowLineHeight: Double { get }
}

/// Metrics for tests and for front ends without text: a 16 px title and
/// 14 px rows.
public struct FixedTextMetrics: TextMeasuring, Sendable {
  /// The height of one title line, px.
  public var titleLineHeight: Double
  /// The height of one row line, px.
  public var rowLineHeight: Double

  /// Metrics of these line heights: 16 and 14 px by default.
  public init(titleLineHeight: Double = 16, rowLineHeight: Double = 14) {
    self.titleLineHeight = titleLineHeight
    self.rowLineHeight = rowLineHeight
  }
}
