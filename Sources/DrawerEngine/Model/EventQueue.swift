/// Events waiting to be drained, oldest first.
///
/// Appended while the engine works and read once each; when all have been
/// read the storage is emptied and kept, so a steady stream of events costs
/// no allocation.
struct EventQueue<Element> {
  private var items: [Element] = []
  private var cursor = 0

  init(capacity: Int = 0) {
    items.reserveCapacity(capacity)
  }

  mutating func append(_ element: Element) { items.append(element) }

  /// The oldest event not yet read; nil when there is none.
  mutating func next() -> Element? {
    guard cursor < items.count else {
      if !items.isEmpty {
        items.removeAll(keepingCapacity: true)
        cursor = 0
      }
      return nil
    }
    defer { cursor += 1 }
    return items[cursor]
  }

  /// A queue holding the events this one has not yet given out.
  var unread: EventQueue {
    var rest = EventQueue(capacity: items.count - cursor)
    rest.items.append(contentsOf: items[cursor...])
    return rest
  }
}
