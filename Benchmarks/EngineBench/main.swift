// The engine's cost per pointer event and per animation frame, and its
// allocations in steady state. Run by `make bench` with the malloc
// interposer preloaded; prints one JSON object for Benchmarks/window_bench.py.

import DrawerEngine
import Glibc
import MallocInterposerSwift

/// Pointer events in the timed drag loop.
let pointerEvents = 4_000_000
/// Frames in the timed animation loop.
let animationFrames = 1_000_000
/// Untimed warm-up of each loop, so steady state is what gets counted.
let warmUp = 10_000

func seconds() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func makeEngine() -> Drawer {
  var c = DrawerConfiguration()
  c.shadow = ShadowConfiguration(opacity: 0.4, radius: 12)
  c.border = BorderConfiguration(thickness: 1)
  c.rowCount = 200
  let e = try! Drawer(
    configuration: c, containerSize: Size(width: 800, height: 600), textMetrics: FixedTextMetrics(), time: 0)
  e.handle(.request(.present(animated: false), time: 0))
  return e
}

/// Keeps results alive so the optimiser cannot drop the work.
nonisolated(unsafe) var sink = 0.0

func drain(_ e: Drawer) {
  while let event = e.nextEvent() {
    if case .rowSelected(let r) = event { sink += Double(r) }
  }
}

struct Measurement {
  var nanosecondsEach: Double
  var mallocsEach: Double
}

/// A drag that sweeps the drawer up and down between y = 100 and 500 for
/// `count` motion events, 1 ms apart, draining the events each makes; with
/// `readingModel`, reading the render model after each too, as a front end
/// that drew a frame for every event would.
func measureDrag(count: Int, readingModel: Bool) -> Measurement {
  let e = makeEngine()
  var t = 0.0
  e.handle(.pointerDown(Point(x: 400, y: 320), button: .primary, time: t))
  func run(_ n: Int, from start: Int) {
    for i in start..<(start + n) {
      t += 0.001
      let phase = Double(i % 800)
      let y = 100 + (phase < 400 ? phase : 800 - phase)
      e.handle(.pointerMove(Point(x: 400, y: y), time: t))
      if readingModel { sink += e.renderModel.drawerTop }
      drain(e)
    }
  }
  run(warmUp, from: 0)
  MallocInterposerSwift.initialize()
  MallocInterposerSwift.hook()
  let begin = seconds()
  run(count, from: warmUp)
  let elapsed = seconds() - begin
  MallocInterposerSwift.unhook()
  let stats = MallocInterposerSwift.getStatistics()
  return Measurement(nanosecondsEach: elapsed / Double(count) * 1e9, mallocsEach: Double(stats.mallocCount) / Double(count))
}

/// Frames at 60 Hz of the default spring moving between partial and full,
/// each an advance plus a render model read; a new move starts whenever the
/// last one ends.
func measureFrames(count: Int) -> Measurement {
  let e = makeEngine()
  var t = 0.0
  var up = true
  func run(_ n: Int) {
    for _ in 0..<n {
      if !e.isAnimating {
        e.handle(.request(.move(to: up ? .fullyExpanded : .partiallyExpanded, animated: true), time: t))
        up.toggle()
      }
      t += 1.0 / 60
      e.advance(to: t)
      let m = e.renderModel
      sink += m.drawerTop + m.cornerRadius + m.backdropAlpha
      drain(e)
    }
  }
  run(warmUp)
  MallocInterposerSwift.initialize()
  MallocInterposerSwift.hook()
  let begin = seconds()
  run(count)
  let elapsed = seconds() - begin
  MallocInterposerSwift.unhook()
  let stats = MallocInterposerSwift.getStatistics()
  return Measurement(nanosecondsEach: elapsed / Double(count) * 1e9, mallocsEach: Double(stats.mallocCount) / Double(count))
}

/// Whether the interposer is loaded and counting: a known allocation must show.
func interposerCounts() -> Bool {
  MallocInterposerSwift.initialize()
  MallocInterposerSwift.hook()
  let probe = [Double](repeating: sink, count: 1000)
  MallocInterposerSwift.unhook()
  sink += probe[999]
  return MallocInterposerSwift.getStatistics().mallocCount > 0
}

guard interposerCounts() else {
  print("EngineBench: allocations are not being counted; run it with LD_PRELOAD=libMallocInterposerSwift.so")
  exit(70)
}
let drag = measureDrag(count: pointerEvents, readingModel: true)
let events = measureDrag(count: pointerEvents, readingModel: false)
let frames = measureFrames(count: animationFrames)
let numbers = numberRows()
let substring = measureFilter(numbers, query: "99999", mode: .substring)
let fuzzy = measureFilter(numbers, query: "99999", mode: .fuzzy)
let paths = pathRows()
let pathsFuzzy = measureFilter(paths, query: "docmain", mode: .fuzzy)
let pathsInputOrder = measureFilter(paths, query: "docmain", mode: .fuzzy, sorts: false)
print(
  "{\"nsPerPointerEvent\":\(drag.nanosecondsEach),\"pointerEventsPerSecond\":\(1e9 / drag.nanosecondsEach),"
    + "\"mallocsPerPointerEvent\":\(drag.mallocsEach),\"nsPerEventAlone\":\(events.nanosecondsEach),"
    + "\"eventsAlonePerSecond\":\(1e9 / events.nanosecondsEach),\"mallocsPerEventAlone\":\(events.mallocsEach),\"nsPerFrame\":\(frames.nanosecondsEach),"
    + "\"mallocsPerFrame\":\(frames.mallocsEach),\"pointerEvents\":\(pointerEvents),\"frames\":\(animationFrames),"
    + "\"filterFirstKeystrokeMs\":\(substring.firstMs),\"filterSlowestKeystrokeMs\":\(substring.slowestMs),"
    + "\"filterMatches\":\(substring.matches),\"fuzzyFirstKeystrokeMs\":\(fuzzy.firstMs),"
    + "\"fuzzySlowestKeystrokeMs\":\(fuzzy.slowestMs),\"fuzzySlowestRankedMs\":\(fuzzy.slowestRankedMs),"
    + "\"pathsFuzzySlowestMs\":\(pathsFuzzy.slowestMs),"
    + "\"pathsFuzzySlowestRankedMs\":\(pathsFuzzy.slowestRankedMs),"
    + "\"pathsInputOrderSlowestMs\":\(pathsInputOrder.slowestMs),\"filterRows\":\(filterRows),"
    + "\"sink\":\(sink.isFinite ? 1 : 0)}")
