import CX11

// Conversions into the protocol's integer types. X coordinates are 16-bit
// and XRender's fixed point is 16.16, while window sizes, layouts and map
// shapes are Int and Double: every narrowing on the X side goes through
// these, which clamp instead of trapping, so no size or position the
// server sends can crash a frame.

/// The largest surface drawn, px a side. Beyond it a window is drawn in its
/// top-left 16384 × 16384 px and the rest is filled black: a back buffer
/// that size already takes 1 GiB in the server, and --geometry allows no
/// more.
let maximumSurfaceSide = 16_384

/// A window dimension from the server, cut to what is drawn.
func surfaceSide(_ side: Int) -> Int { min(max(side, 1), maximumSurfaceSide) }

/// A coordinate or a request's position (Int16 in the protocol).
func x16(_ v: Int) -> Int16 { Int16(clamping: v) }

/// A rectangle's width or height (UInt16 in the protocol).
func xLength16(_ v: Int) -> UInt16 { UInt16(clamping: v) }

/// An Int for a C int argument.
func x32(_ v: Int) -> Int32 { Int32(clamping: v) }

/// A non-negative Int for a C unsigned argument.
func xLength32(_ v: Int) -> UInt32 { UInt32(clamping: v) }

/// A Double position rounded to a C int; NaN becomes 0.
func x32(_ v: Double) -> Int32 {
  guard v.isFinite else { return v.isNaN ? 0 : (v > 0 ? Int32.max : Int32.min) }
  return Int32(max(Double(Int32.min), min(Double(Int32.max), v.rounded())))
}

/// A rectangle in protocol units, clamped.
func xRectangle(x: Int, y: Int, width: Int, height: Int) -> XRectangle {
  XRectangle(x: x16(x), y: x16(y), width: xLength16(width), height: xLength16(height))
}

/// A point in XRender's 16.16 fixed point. Positions beyond ±32767 px are
/// clamped there: no surface reaches that far.
func xFixed(_ v: Double) -> XFixed {
  guard !v.isNaN else { return 0 }
  return XFixed(max(-32_767, min(32_767, v)) * 65_536)
}
