/// Counts consecutive clicks that form one multi-click.
///
/// A click continues the previous one when it lands in the same region,
/// within the multi-click interval of it and within the slop of where it was;
/// otherwise it starts a new count at 1.
struct ClickCounter {
  enum Region: Hashable {
    case drawer
    /// One row of the list: a double click there activates it, and a
    /// click on another row starts a new count.
    case row(Int)
    case outside
  }

  private var lastRegion: Region?
  private var lastTime = 0.0
  private var lastPoint = Point(x: 0, y: 0)
  private(set) var count = 0

  mutating func reset() {
    lastRegion = nil
    count = 0
  }

  /// Records a click and returns its number within the current multi-click.
  mutating func click(in region: Region, at point: Point, time: Double, interval: Double, slop: Double) -> Int {
    let dx = point.x - lastPoint.x, dy = point.y - lastPoint.y
    let near = (dx * dx + dy * dy).squareRoot() <= max(slop, 1) * 2
    if region == lastRegion && time - lastTime <= interval && time >= lastTime && near {
      count += 1
    } else {
      count = 1
    }
    lastRegion = region
    lastTime = time
    lastPoint = point
    return count
  }
}
