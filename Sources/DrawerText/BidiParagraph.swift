import CFriBidi

/// The Unicode bidirectional algorithm over one line taken as a paragraph,
/// through GNU FriBidi: levels, Arabic joining and shaping, mirroring and
/// the visual order.
///
/// Its buffers are kept from line to line, so a line no longer than the
/// ones before costs no allocation here (FriBidi allocates its own run
/// list while resolving levels, which only lines with right-to-left text
/// or explicit controls reach).
struct BidiParagraph {
  private var types: [FriBidiCharType] = []
  private var brackets: [FriBidiBracketType] = []
  private var levels: [FriBidiLevel] = []
  private var arabic: [FriBidiArabicProp] = []
  /// After `reorder`: the logical index shown at each visual position.
  private(set) var visualMap: [FriBidiStrIndex] = []
  private var direction: FriBidiParType = drawer_fribidi_par_on

  /// Whether the paragraph runs right to left, after `resolveAndShape`.
  var isRightToLeft: Bool { direction == drawer_fribidi_par_rtl }

  /// Classifies `text` and tells whether it needs the algorithm at all:
  /// false when no character is right to left, an Arabic number or an
  /// explicit embedding, override or isolate, and the line is then drawn
  /// in logical order unshaped.
  mutating func needsReordering(_ text: [UInt32]) -> Bool {
    let n = text.count
    resize(&types, n, FriBidiCharType(0))
    text.withUnsafeBufferPointer { t in
      types.withUnsafeMutableBufferPointer { fribidi_get_bidi_types(t.baseAddress, FriBidiStrIndex(n), $0.baseAddress) }
    }
    for t in types where drawer_fribidi_type_needs_bidi(t) != 0 { return true }
    return false
  }

  /// Resolves the levels of `text`, whose types `needsReordering` found,
  /// with the base direction taken from its first strong character, then
  /// shapes it in place: Arabic letters take their joining forms and
  /// ligatures, and brackets in right-to-left runs are mirrored.
  mutating func resolveAndShape(_ text: inout [UInt32]) {
    let n = text.count
    resize(&brackets, n, 0)
    resize(&levels, n, 0)
    resize(&arabic, n, 0)
    direction = drawer_fribidi_par_on
    let resolved = text.withUnsafeBufferPointer { t in
      types.withUnsafeBufferPointer { ty in
        brackets.withUnsafeMutableBufferPointer { b in
          fribidi_get_bracket_types(t.baseAddress, FriBidiStrIndex(n), ty.baseAddress, b.baseAddress)
          return levels.withUnsafeMutableBufferPointer { l in
            fribidi_get_par_embedding_levels_ex(ty.baseAddress, b.baseAddress, FriBidiStrIndex(n), &direction, l.baseAddress)
          }
        }
      }
    }
    // Zero is FriBidi's failure (out of memory): everything stays at the
    // paragraph's level, left to right.
    guard resolved != 0 else {
      direction = drawer_fribidi_par_ltr
      for i in levels.indices { levels[i] = 0 }
      return
    }
    text.withUnsafeMutableBufferPointer { t in
      arabic.withUnsafeMutableBufferPointer { a in
        // FriBidi wants joining types as its input Arabic properties.
        fribidi_get_joining_types(t.baseAddress, FriBidiStrIndex(n), a.baseAddress)
        types.withUnsafeBufferPointer { ty in
          levels.withUnsafeBufferPointer { l in
            fribidi_join_arabic(ty.baseAddress, FriBidiStrIndex(n), l.baseAddress, a.baseAddress)
            fribidi_shape(drawer_fribidi_shape_flags, l.baseAddress, FriBidiStrIndex(n), a.baseAddress, t.baseAddress)
          }
        }
      }
    }
  }

  /// Reorders the first `count` characters of the resolved paragraph as one
  /// line (what follows them is cut off) into `visualMap`.
  mutating func reorder(count: Int) {
    resize(&visualMap, count, 0)
    for i in 0..<count { visualMap[i] = FriBidiStrIndex(i) }
    guard count > 0 else { return }
    let ok = types.withUnsafeBufferPointer { ty in
      levels.withUnsafeMutableBufferPointer { l in
        visualMap.withUnsafeMutableBufferPointer { m in
          fribidi_reorder_line(
            drawer_fribidi_reorder_flags, ty.baseAddress, FriBidiStrIndex(count), 0, direction, l.baseAddress, nil,
            m.baseAddress)
        }
      }
    }
    if ok == 0 {
      for i in 0..<count { visualMap[i] = FriBidiStrIndex(i) }
    }
  }

  /// Makes `a` hold `n` elements, reusing its storage.
  private func resize<T>(_ a: inout [T], _ n: Int, _ zero: T) {
    if a.count > n {
      a.removeLast(a.count - n)
    } else if a.count < n {
      a.append(contentsOf: repeatElement(zero, count: n - a.count))
    }
  }
}
