import Glibc

/// A buffer of plain values that grows in place, for the rows' text and
/// offsets, which may reach hundreds of megabytes.
///
/// Address space for every element the buffer may ever hold (`limit`) is
/// reserved, inaccessible, the first time it grows, and made writable as it
/// fills. Growing therefore never copies, never holds an old and a new
/// buffer at once, and leaves no freed block in the heap: the resident
/// memory is the pages written, and no more. An `Array` that doubles copies
/// every byte again and, for a moment, holds both buffers; a million rows
/// cost half as much again at their peak that way.
///
/// Where the whole reservation cannot be had (an address-space limit), a
/// smaller one is taken and, when outgrown, replaced by one twice as large,
/// copying; memory that cannot be had at all is a `MappedBuffer.Exhausted`,
/// never a trap.
final class MappedBuffer<Element: BitwiseCopyable> {
  /// The most memory could not give.
  struct Exhausted: Error, Equatable {
    /// Bytes the buffer asked for in all.
    var bytes: Int
  }

  /// Elements in use, from `base`.
  private(set) var count = 0
  /// The most elements the buffer will hold.
  let limit: Int
  private var base: UnsafeMutablePointer<Element>?
  /// Bytes of address space reserved at `base`, and how many of them,
  /// from the start, are writable.
  private var reservedBytes = 0
  private var writableBytes = 0
  /// The most address space a reservation asks for at first, in bytes:
  /// the limit's, unless a test asks for less to see the buffer move.
  private let firstReservation: Int

  private static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
  /// The least made writable at a time: growing a byte at a time would
  /// cost a system call per page.
  private static var growthStep: Int { 256 << 10 }

  init(limit: Int) {
    // No more than the address space can name in bytes.
    self.limit = min(max(0, limit), Int.max / 2 / MemoryLayout<Element>.stride)
    firstReservation = Int.max
  }

  /// A buffer whose reservations start at `reservation` bytes, as where the
  /// whole could not be had: outgrowing one moves the elements to the next.
  init(limit: Int, reservation: Int) {
    self.limit = min(max(0, limit), Int.max / 2 / MemoryLayout<Element>.stride)
    firstReservation = max(reservation, 1)
  }

  deinit {
    if let base { munmap(base, reservedBytes) }
  }

  /// The elements in use; valid until the buffer next grows.
  var elements: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

  subscript(index: Int) -> Element {
    precondition(index >= 0 && index < count, "MappedBuffer index out of range")
    return base![index]
  }

  /// Where the next `extra` elements go, writable; `count` grows only by
  /// `didAppend`. Throws when that would pass `limit` or memory runs out.
  func reserve(_ extra: Int) throws(Exhausted) -> UnsafeMutablePointer<Element> {
    let needed = count + max(0, extra)
    let stride = MemoryLayout<Element>.stride
    guard needed <= limit else { throw Exhausted(bytes: needed * stride) }
    if needed * stride > writableBytes { try makeWritable(needed * stride) }
    return base! + count
  }

  /// Makes the pages of the next `extra` elements (reserved already)
  /// resident in one system call (MADV_POPULATE_WRITE), where a read(2)
  /// into them would fault once a page: for bytes known to be on their way.
  /// Where the system cannot, the pages come as they are written. Returns
  /// whether it could.
  @discardableResult
  func populate(_ extra: Int) -> Bool {
    guard let base, extra > 0 else { return false }
    let page = MappedBuffer.pageSize
    let stride = MemoryLayout<Element>.stride
    let first = count * stride / page * page
    let end = min(writableBytes, roundUp((count + extra) * stride, page))
    guard end > first else { return false }
    // MADV_POPULATE_WRITE (Linux 5.14), which Glibc's module may not name.
    return madvise(UnsafeMutableRawPointer(base) + first, end - first, 23) == 0
  }

  /// Counts `n` elements written at `reserve`'s pointer as in use.
  func didAppend(_ n: Int) {
    precondition(n >= 0 && (count + n) * MemoryLayout<Element>.stride <= writableBytes, "appended past the reserve")
    count += n
  }

  func append(_ element: Element) throws(Exhausted) {
    try reserve(1).initialize(to: element)
    count += 1
  }

  func append(contentsOf elements: UnsafeBufferPointer<Element>) throws(Exhausted) {
    guard let source = elements.baseAddress, elements.count > 0 else { return }
    try reserve(elements.count).update(from: source, count: elements.count)
    count += elements.count
  }

  /// Keeps the first `n` elements (n ≤ count); the pages stay.
  func truncate(to n: Int) {
    precondition(n >= 0 && n <= count, "MappedBuffer truncated past its count")
    count = n
  }

  /// Empties the buffer and gives its pages back to the system, so a
  /// cleared list costs nothing; the address space stays reserved.
  func removeAll() {
    count = 0
    if let base, writableBytes > 0 { madvise(base, writableBytes, MADV_DONTNEED) }
  }

  /// Makes at least `bytes` from the start writable, doubling what is, so
  /// a steady stream costs few system calls.
  private func makeWritable(_ bytes: Int) throws(Exhausted) {
    let page = MappedBuffer.pageSize
    let most = roundUp(limit * MemoryLayout<Element>.stride, page)
    let wanted = min(most, roundUp(max(bytes, 2 * writableBytes, MappedBuffer.growthStep), page))
    if wanted > reservedBytes { try reserveAddressSpace(minimum: roundUp(bytes, page), wanted: wanted, most: most) }
    let target = max(roundUp(bytes, page), min(wanted, reservedBytes))
    guard target > writableBytes else { return }
    let start = UnsafeMutableRawPointer(base!) + writableBytes
    guard mprotect(start, target - writableBytes, PROT_READ | PROT_WRITE) == 0 else { throw Exhausted(bytes: bytes) }
    writableBytes = target
  }

  /// Reserves `most` bytes of address space, or as much as can be had
  /// down to `minimum`, and moves what the buffer holds there.
  private func reserveAddressSpace(minimum: Int, wanted: Int, most: Int) throws(Exhausted) {
    // Twice the last reservation, or the first one allowed, within the limit.
    let first = roundUp(min(most, firstReservation), MappedBuffer.pageSize)
    var size = max(min(most, reservedBytes > 0 ? 2 * reservedBytes : first), max(minimum, wanted))
    var mapped: UnsafeMutableRawPointer?
    while mapped == nil {
      let p = mmap(nil, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      if let p, p != UnsafeMutableRawPointer(bitPattern: -1) {
        mapped = p
      } else if size > max(minimum, wanted) {
        // Half as much, but never less than the growth needs.
        size = max(roundUp(size / 2, MappedBuffer.pageSize), max(minimum, wanted))
      } else {
        throw Exhausted(bytes: minimum)
      }
    }
    let fresh = mapped!
    let inUse = roundUp(count * MemoryLayout<Element>.stride, MappedBuffer.pageSize)
    if let old = base {
      // Only after a reservation smaller than the limit: copy, once per doubling.
      if inUse > 0 {
        guard mprotect(fresh, inUse, PROT_READ | PROT_WRITE) == 0 else {
          munmap(fresh, size)
          throw Exhausted(bytes: minimum)
        }
        fresh.copyMemory(from: old, byteCount: count * MemoryLayout<Element>.stride)
      }
      munmap(old, reservedBytes)
    }
    base = fresh.bindMemory(to: Element.self, capacity: size / MemoryLayout<Element>.stride)
    reservedBytes = size
    writableBytes = inUse
  }
}

@inline(__always)
private func roundUp(_ n: Int, _ unit: Int) -> Int { (n + unit - 1) / unit * unit }
