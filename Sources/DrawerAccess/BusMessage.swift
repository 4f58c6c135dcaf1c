import CSystemd

/// A reference to an accessible object as AT-SPI2 passes it, `(so)`: the
/// bus name of the program that serves it and its object path.
public struct ObjectReference: Equatable, Sendable {
  /// The unique bus name of the program serving the object (`:1.42`).
  public var bus: String
  /// The object's path in that program.
  public var path: String

  /// The object at `path` served by `bus`.
  public init(bus: String, path: String) {
    self.bus = bus
    self.path = path
  }

  /// The reference to nothing (`xml/Accessible.xml`).
  public static let null = ObjectReference(bus: "", path: "/org/a11y/atspi/null")
}

/// A D-Bus type code (an ASCII letter) as sd-bus takes it.
private func typeCode(_ type: Character) -> CChar { CChar(bitPattern: type.asciiValue!) }

/// One D-Bus message being written, a value at a time.
///
/// sd-bus's `sd_bus_message_append` is variadic, which Swift cannot call;
/// these are its fixed-argument pieces. A failed append leaves the
/// message's error set, and sd-bus refuses to send such a message, so
/// the calls do not each report it: `failed` says so at the end.
public struct MessageWriter {
  /// The sd-bus message being written; the writer neither retains nor frees it.
  public let message: OpaquePointer
  /// The first negative errno an append returned, or 0.
  public private(set) var failure: Int32 = 0

  /// A writer appending to `message`, with no failure yet.
  public init(_ message: OpaquePointer) { self.message = message }

  /// Whether an append failed: then the message must not be sent.
  public var failed: Bool { failure < 0 }

  private mutating func note(_ r: Int32) { if r < 0 && failure == 0 { failure = r } }


  /// Appends a string (`s`), with any NUL left out: D-Bus strings cannot hold one.
  public mutating func string(_ text: String) {
    // A NUL inside would end the C string early; D-Bus strings cannot hold one.
    let clean = text.contains("\0") ? String(text.unicodeScalars.filter { $0 != "\0" }) : text
    let r = clean.withCString { sd_bus_message_append_basic(message, typeCode("s"), $0) }
    note(r)
  }

  /// Appends an object path (`o`).
  public mutating func objectPath(_ path: String) {
    let r = path.withCString { sd_bus_message_append_basic(message, typeCode("o"), $0) }
    note(r)
  }

  /// Appends a 32-bit signed integer (`i`).
  public mutating func int32(_ value: Int32) { appendBasic(value, "i") }

  /// Appends a 32-bit unsigned integer (`u`).
  public mutating func uint32(_ value: UInt32) { appendBasic(value, "u") }

  /// Appends a 16-bit signed integer (`n`).
  public mutating func int16(_ value: Int16) { appendBasic(value, "n") }

  /// Appends a double (`d`).
  public mutating func double(_ value: Double) { appendBasic(value, "d") }

  /// Appends `value`, a fixed-size basic of D-Bus type `code`, by its
  /// address, as sd-bus's one non-variadic append takes it.
  private mutating func appendBasic<T: BitwiseCopyable>(_ value: T, _ code: Character) {
    var v = value
    note(sd_bus_message_append_basic(message, typeCode(code), &v))
  }

  /// D-Bus booleans travel as 32-bit ints.
  public mutating func bool(_ value: Bool) {
    appendBasic(Int32(value ? 1 : 0), "b")
  }

  /// `(so)`.
  public mutating func reference(_ ref: ObjectReference) {
    container("r", "so") { w in
      w.string(ref.bus)
      w.objectPath(ref.path)
    }
  }

  /// A container of `kind` (`a`, `r`, `v` or `e`) holding `contents` (the
  /// element's signature for an array, the value's for a variant).
  public mutating func container(_ kind: Character, _ contents: String, _ body: (inout MessageWriter) -> Void) {
    let r = contents.withCString { sd_bus_message_open_container(message, typeCode(kind), $0) }
    note(r)
    guard r >= 0 else { return }
    body(&self)
    note(sd_bus_message_close_container(message))
  }
}

/// One received D-Bus message being read, a value at a time; nil for a
/// value that is not there or not of the type asked for.
public struct MessageReader {
  /// The sd-bus message being read; the reader neither retains nor frees it.
  public let message: OpaquePointer

  /// A reader at `message`'s current position.
  public init(_ message: OpaquePointer) { self.message = message }


  /// The next value as a string (`s`).
  public func string() -> String? {
    var p: UnsafePointer<CChar>?
    guard sd_bus_message_read_basic(message, typeCode("s"), &p) > 0, let p else { return nil }
    return String(cString: p)
  }

  /// The next value as an object path (`o`).
  public func objectPath() -> String? {
    var p: UnsafePointer<CChar>?
    guard sd_bus_message_read_basic(message, typeCode("o"), &p) > 0, let p else { return nil }
    return String(cString: p)
  }

  /// The next value as a 32-bit signed integer (`i`).
  public func int32() -> Int32? {
    var v: Int32 = 0
    return sd_bus_message_read_basic(message, typeCode("i"), &v) > 0 ? v : nil
  }

  /// The next value as a 32-bit unsigned integer (`u`).
  public func uint32() -> UInt32? {
    var v: UInt32 = 0
    return sd_bus_message_read_basic(message, typeCode("u"), &v) > 0 ? v : nil
  }

  /// The next value as a boolean (`b`).
  public func bool() -> Bool? {
    var v: Int32 = 0
    return sd_bus_message_read_basic(message, typeCode("b"), &v) > 0 ? v != 0 : nil
  }

  /// `(so)`.
  public func reference() -> ObjectReference? {
    guard enter("r", "so") else { return nil }
    defer { exit() }
    guard let bus = string(), let path = objectPath() else { return nil }
    return ObjectReference(bus: bus, path: path)
  }

  /// Steps into a container of `kind` holding `contents`; false when the
  /// next value is not one.
  public func enter(_ kind: Character, _ contents: String) -> Bool {
    contents.withCString { sd_bus_message_enter_container(message, typeCode(kind), $0) } > 0
  }

  /// Steps out of the container `enter` stepped into.
  public func exit() { _ = sd_bus_message_exit_container(message) }
}
