import CSystemd

// libatspi asks every application it meets for its cached objects,
// org.a11y.atspi.Cache.GetItems at /org/a11y/atspi/cache, and logs an
// error for each one that does not answer. The bridge keeps no cache a
// reader could take in bulk (its tree changes with every frame and is
// told by events), so it answers with none, which at-spi2 allows: the
// reader then asks each object itself.

extension AccessBridge {
  /// Where AT-SPI2 readers look for the Cache interface.
  static let cachePath = "/org/a11y/atspi/cache"
  /// One cached object as `xml/Cache.xml` of at-spi2-core 2.46 gives it:
  /// the object, its application, its parent, its index in the parent,
  /// its child count, its interfaces, name, role, description and states.
  static let cacheItemSignature = "(so)(so)(so)iiassusau"

  /// Answers a call on the cache object: GetItems with no items; 0 leaves
  /// Introspect and Peer to sd-bus.
  func answerCache(_ m: OpaquePointer, error: UnsafeMutablePointer<sd_bus_error>?) -> Int32 {
    guard sd_bus_message_is_method_call(m, nil, nil) > 0 else { return 0 }
    let interface = sd_bus_message_get_interface(m).map { String(cString: $0) } ?? ""
    let member = sd_bus_message_get_member(m).map { String(cString: $0) } ?? ""
    if interface == "org.freedesktop.DBus.Introspectable" || interface == "org.freedesktop.DBus.Peer" { return 0 }
    if interface == "org.a11y.atspi.Cache" && member == "GetItems"
      && reply(m, { w in w.container("a", "(" + AccessBridge.cacheItemSignature + ")") { _ in } })
    {
      return 1
    }
    return sd_bus_error_set(
      error, "org.freedesktop.DBus.Error.UnknownMethod", "\(interface).\(member) is not answered at \(AccessBridge.cachePath)")
  }
}
