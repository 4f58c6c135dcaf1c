/// What the painters make from geometry alone (masks of corners, shadows,
/// turned edges), kept by the geometry that made it.
///
/// One eviction rule for every such cache: when an entry would go past
/// `capacity`, every entry is released and the cache starts again. A drag
/// sweeps a radius or a width through a few dozen keys and then stays on
/// one, so recency bookkeeping buys nothing a fresh start does not.
public struct GeometryCache<Key: Hashable, Value> {
  public let capacity: Int
  private var entries: [Key: Value] = [:]

  /// Enough for a drag from partial to full, which sweeps a corner radius
  /// through about 4 × 15 quarter-pixel buckets, with room to spare.
  public static var defaultCapacity: Int { 128 }

  public init(capacity: Int = defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  public var count: Int { entries.count }

  /// The value kept for `key`, if any.
  public subscript(key: Key) -> Value? { entries[key] }

  /// Keeps `value` for `key`. A full cache first hands every entry to
  /// `release` and forgets it.
  public mutating func insert(_ value: Value, for key: Key, release: (Value) -> Void) {
    if entries[key] == nil && entries.count >= capacity { removeAll(release: release) }
    entries[key] = value
  }

  /// Hands every entry to `release` and forgets it.
  public mutating func removeAll(release: (Value) -> Void) {
    for v in entries.values { release(v) }
    entries.removeAll(keepingCapacity: true)
  }
}
