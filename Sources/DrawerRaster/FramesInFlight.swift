/// The frames sent to the server that it is not yet known to have drawn,
/// and when waiting for it is due.
///
/// A frame's requests end at a request number. Every event and reply the
/// server sends carries the number of the last request it had processed,
/// so the events a drag brings anyway confirm the frames before them,
/// without a round trip. The rule: never more than `limit` frames
/// unconfirmed; at the next one, the caller waits for the server (XSync),
/// and then calls `confirmAll`. Before a line reports state, the caller
/// waits too when any frame is unconfirmed (`isEmpty`), so a reader woken
/// by the line finds the frame on screen.
///
/// Waiting after every frame cost a sleep and a wake each: about a sixth
/// of the program's CPU over a 120-step drag (docs/Performance.md).
public struct FramesInFlight: Sendable {
  /// Frames the server may be behind by, at most: at 60 Hz, two frames are
  /// 33 ms of latency at worst.
  public static let limit = 2

  /// The request number each unconfirmed frame ended with, oldest first.
  private var ends: [UInt64] = []

  /// No frames: nothing sent is unconfirmed.
  public init() {}

  /// Whether every frame sent is known to be drawn.
  public var isEmpty: Bool { ends.isEmpty }

  /// The number of frames sent and not known to be drawn.
  public var count: Int { ends.count }

  /// Notes a frame whose requests end at `end`, the server having
  /// processed every request up to `processed`; returns whether the
  /// caller must now wait for the server (more than `limit` frames
  /// unconfirmed). Request numbers only grow (Xlib widens them to 64 bits).
  public mutating func sent(endingAt end: UInt64, processed: UInt64) -> Bool {
    confirm(processed: processed)
    // A frame of no requests, or one already processed, is drawn.
    if end > processed { ends.append(end) }
    return ends.count > FramesInFlight.limit
  }

  /// Drops the frames whose requests the server has processed.
  public mutating func confirm(processed: UInt64) {
    var drawn = 0
    while drawn < ends.count && ends[drawn] <= processed { drawn += 1 }
    if drawn > 0 { ends.removeFirst(drawn) }
  }

  /// The caller waited for the server: every frame sent is drawn.
  public mutating func confirmAll() {
    ends.removeAll(keepingCapacity: true)
  }
}
