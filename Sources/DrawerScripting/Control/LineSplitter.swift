import Glibc

/// Cuts a byte stream into lines as chunks arrive, holding the start of a
/// line until its newline comes.
///
/// A line longer than `maximumLength` is reported as too long once and
/// its bytes are skipped up to its newline, so an endless line costs
/// bounded memory. Invalid UTF-8 is replaced with U+FFFD.
public struct LineSplitter {
  /// The longest line reported, bytes without its newline; longer ones come as `tooLong`.
  public let maximumLength: Int
  private var partial: [UInt8] = []
  private var skipping = false

  /// A splitter with nothing held yet, cutting lines of at most `maximumLength` bytes.
  public init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// One piece of the stream, cut.
  public enum Piece: Equatable {
    /// A whole line without its newline, invalid UTF-8 replaced.
    case line(String)
    /// A line over the maximum length, skipped.
    case tooLong
  }

  /// The lines `chunk` completes, in order.
  public mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [Piece] {
    var pieces: [Piece] = []
    var rest = chunk.bindMemory(to: UInt8.self)[...]
    while !rest.isEmpty {
      guard let newline = rest.firstIndex(of: 0x0A) else {
        take(rest, into: &pieces)
        break
      }
      take(rest[..<newline], into: &pieces)
      if skipping {
        skipping = false
      } else {
        pieces.append(.line(String(decoding: partial, as: UTF8.self)))
      }
      partial.removeAll(keepingCapacity: true)
      rest = rest[(newline + 1)...]
    }
    return pieces
  }

  /// The last line, when the stream ended without its newline.
  public mutating func finish() -> [Piece] {
    defer {
      partial.removeAll()
      skipping = false
    }
    return partial.isEmpty || skipping ? [] : [.line(String(decoding: partial, as: UTF8.self))]
  }

  private mutating func take(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, into pieces: inout [Piece]) {
    guard !skipping else { return }
    if partial.count + bytes.count > maximumLength {
      partial.removeAll(keepingCapacity: true)
      skipping = true
      pieces.append(.tooLong)
      return
    }
    partial.append(contentsOf: bytes)
  }
}
