import DrawerProcess
import DrawerRows

/// The selection a paste reads (ICCCM's names).
public enum PasteSelection: String, Sendable {
  /// The text last selected: Ctrl+Y and Shift+Insert.
  case primary = "PRIMARY"
  /// The text last copied: Ctrl+Shift+V and Ctrl+V.
  case clipboard = "CLIPBOARD"
}

/// One paste's transfer from a selection's owner, without the window
/// system: what the owner's answers mean, the INCR protocol's chunks put
/// together, and when to give up.
///
/// The front end asks for UTF8_STRING first and, when the owner refuses
/// it, for STRING (Latin-1). The owner answers with the text whole, or
/// with INCR: the text then comes in chunks, each written to the property
/// after the front end deleted the last, and a chunk of no bytes ends it.
/// No more than `keptLimit` bytes are kept; the rest is read and dropped,
/// so the owner still finishes. An owner that does not answer within
/// `timeout`, or lets that long pass between two chunks, loses the paste,
/// and the query stays as it was.
public struct SelectionTransfer: Sendable {
  /// How long an owner may take to answer, or to write the next chunk, s:
  /// a live owner answers within milliseconds, and a paste that waits
  /// longer than this has been forgotten by whoever pressed the key.
  public static let timeout = 2.0
  /// The most bytes a paste keeps: the query's own longest length, so
  /// the rest of a larger selection could never be typed anyway.
  public static let keptLimit = QueryEditor.maximumLength

  /// What the owner's answer to a conversion said.
  public enum Answer: Sendable {
    /// No text in that form (or no owner): the property is None.
    case refused
    /// The text follows in chunks (the property's type is INCR).
    case incremental
    /// The text whole.
    case text([UInt8], PastedText.Encoding)
  }

  /// What the front end does next.
  public enum Step: Equatable, Sendable {
    /// Wait for the next event (a chunk), until `deadline`.
    case wait
    /// Ask again for the text as STRING.
    case askForLatin1
    /// The transfer ended: `text` is the paste; `dropped` bytes past
    /// `keptLimit` were not kept.
    case finished(text: String, dropped: Int)
    /// No text came: the selection is empty or in no form we read.
    case empty
  }

  /// The selection the text is asked of: PRIMARY or CLIPBOARD.
  public let selection: PasteSelection
  /// The form asked for now.
  public private(set) var encoding = PastedText.Encoding.utf8
  /// Whether the text comes in INCR chunks.
  public private(set) var isIncremental = false
  /// When the transfer is given up unless the owner answers first.
  public private(set) var deadline: Double
  private var kept: [UInt8] = []
  private var dropped = 0

  /// A transfer asked for at `time`, as UTF8_STRING.
  public init(selection: PasteSelection, time: Double) {
    self.selection = selection
    deadline = time + SelectionTransfer.timeout
  }

  /// Whether the owner took too long at `time`.
  public func hasExpired(at time: Double) -> Bool { time >= deadline }

  /// The owner's answer (SelectionNotify) to the conversion asked for,
  /// at `time`.
  public mutating func answered(_ answer: Answer, time: Double) -> Step {
    deadline = time + SelectionTransfer.timeout
    switch answer {
    case .refused:
      guard encoding == .utf8 else { return .empty }
      encoding = .latin1
      return .askForLatin1
    case .incremental:
      isIncremental = true
      return .wait
    case .text(let bytes, let form):
      keep(bytes, form)
      return finish()
    }
  }

  /// The next INCR chunk, read at `time`, in the form its type names; no
  /// bytes end the text.
  public mutating func chunk(_ bytes: [UInt8], _ form: PastedText.Encoding, time: Double) -> Step {
    deadline = time + SelectionTransfer.timeout
    guard !bytes.isEmpty else { return finish() }
    keep(bytes, form)
    return .wait
  }

  /// The failure's line once the owner took too long.
  public var timeoutMessage: String {
    let seconds = formatNumber(SelectionTransfer.timeout)
    let what = isIncremental ? "sent nothing for \(seconds) s mid-transfer" : "did not answer within \(seconds) s"
    return "the owner of \(selection.rawValue) \(what); nothing was pasted"
  }

  private mutating func keep(_ bytes: [UInt8], _ form: PastedText.Encoding) {
    // The first bytes' form is the text's: an owner does not switch midway.
    if kept.isEmpty && dropped == 0 { encoding = form }
    let room = max(0, SelectionTransfer.keptLimit - kept.count)
    kept += bytes.prefix(room)
    dropped += max(0, bytes.count - room)
  }

  private func finish() -> Step {
    var bytes = kept
    if dropped > 0 && encoding == .utf8 {
      // Cut inside a character: its first bytes go too, not shown as U+FFFD.
      var start = bytes.count
      while start > 0 && bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
      if start > 0 && bytes[start - 1] >= 0xC0 {
        let lead = bytes[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
        if bytes.count - (start - 1) < length { bytes.removeSubrange((start - 1)...) }
      }
    }
    guard !bytes.isEmpty || dropped > 0 else { return .empty }
    return .finished(text: PastedText.line(bytes, encoding: encoding), dropped: dropped + kept.count - bytes.count)
  }
}
