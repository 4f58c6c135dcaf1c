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
  /// The most entries kept, at least 1; past it the cache starts again.
  public let capacity: Int
  @usableFromInline var entries: [Key: Value] = [:]

  /// Enough for a drag from partial to full, which sweeps a corner radius
  /// through about 4 × 15 quarter-pixel buckets, with room to spare.
  @inlinable public static var defaultCapacity: Int { 128 }

  /// An empty cache of at most `capacity` entries (`defaultCapacity`, 128, by default).
  @inlinable public init(capacity: Int = defaultCapacity) {
    self.capacity = max(1, capacity)
  }

  /// The entries last found or kept, at most `recentCount`, compared by
  /// `==` before the dictionary hashes: a frame asks for the same few masks
  /// again and again, and hashing a key costs several times a comparison.
  @usableFromInline var recent: [(key: Key, value: Value)] = []
  /// The slot of `recent` the next entry replaces once it is full.
  @usableFromInline var nextRecent = 0
  /// How many entries `recent` holds: about the masks one frame paints.
  @inlinable public static var recentCount: Int { 8 }

  /// Entries kept now.
  @inlinable public var count: Int { entries.count }

  /// The value kept for `key`, if any.
  @inlinable public subscript(key: Key) -> Value? { entries[key] }

  /// The value kept for `key`, if any, looked for first among the entries
  /// last found or kept.
  @inlinable public mutating func value(for key: Key) -> Value? {
    for entry in recent where entry.key == key { return entry.value }
    guard let value = entries[key] else { return nil }
    remember(key, value)
    return value
  }

  /// Keeps `value` for `key`. A full cache first hands every entry to
  /// `release` and forgets it.
  @inlinable public mutating func insert(_ value: Value, for key: Key, release: (Value) -> Void) {
    if entries[key] == nil && entries.count >= capacity { removeAll(release: release) }
    entries[key] = value
    if let i = recent.firstIndex(where: { $0.key == key }) {
      recent[i].value = value
    } else {
      remember(key, value)
    }
  }

  /// Hands every entry to `release` and forgets it.
  @inlinable public mutating func removeAll(release: (Value) -> Void) {
    for v in entries.values { release(v) }
    entries.removeAll(keepingCapacity: true)
    recent.removeAll(keepingCapacity: true)
    nextRecent = 0
  }

  @inlinable mutating func remember(_ key: Key, _ value: Value) {
    if recent.count < Self.recentCount {
      recent.append((key, value))
    } else {
      recent[nextRecent] = (key, value)
      nextRecent = (nextRecent + 1) % Self.recentCount
    }
  }
}
