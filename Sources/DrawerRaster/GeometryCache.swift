/// What the painters make from geometry alone (masks of corners, shadows,
/// turned edges), kept by the geometry that made it.
///
/// One eviction rule for every such cache: when an entry would go past
/// `capacity`, every entry is released and the cache starts again. A drag
/// sweeps a radius or a width through a few dozen keys and then stays on
/// one, so recency bookkeeping buys nothing a fresh start does not.
///
/// Its members are inlinable, so that the presenter's caches, in another
/// module, are specialised for their keys: called generically, each look-up
/// asked the runtime for the dictionary's metadata, several times a frame.
public struct GeometryCache<Key: Hashable, Value> {
  public let capacity: Int
  @usableFromInline var entries: [Key: Value] = [:]

  /// Enough for a drag from partial to full, which sweeps a corner radius
  /// through about 4 × 15 quarter-pixel buckets, with room to spare.
  @inlinable public static var defaultCapacity: Int { 128 }

  @inlinable public init(capacity: Int = defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  @inlinable public var count: Int { entries.count }

  /// The value kept for `key`, if any.
  @inlinable public subscript(key: Key) -> Value? { entries[key] }

  /// Keeps `value` for `key`. A full cache first hands every entry to
  /// `release` and forgets it.
  @inlinable public mutating func insert(_ value: Value, for key: Key, release: (Value) -> Void) {
    if entries[key] == nil && entries.count >= capacity { removeAll(release: release) }
    entries[key] = value
  }

  /// Hands every entry to `release` and forgets it.
  @inlinable public mutating func removeAll(release: (Value) -> Void) {
    for v in entries.values { release(v) }
    entries.removeAll(keepingCapacity: true)
  }
}
