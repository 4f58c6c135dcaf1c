import Testing

@testable import DrawerRaster

@Suite struct FramesInFlightTests {
  @Test func waitingIsDueOnlyPastTheLimit() {
    var frames = FramesInFlight()
    // The server has processed nothing the frames sent.
    for k in 1...FramesInFlight.limit {
      let waits = frames.sent(endingAt: UInt64(10 * k), processed: 5)
      #expect(!waits)
    }
    let waits = frames.sent(endingAt: UInt64(10 * (FramesInFlight.limit + 1)), processed: 5)
    #expect(waits)
    frames.confirmAll()
    #expect(frames.isEmpty)
  }

  @Test func eventsConfirmTheFramesBeforeThem() {
    var frames = FramesInFlight()
    _ = frames.sent(endingAt: 10, processed: 0)
    _ = frames.sent(endingAt: 20, processed: 0)
    // An event generated after request 15: the first frame is drawn.
    let waits = frames.sent(endingAt: 30, processed: 15)
    #expect(!waits)
    #expect(frames.count == 2)
    frames.confirm(processed: 30)
    #expect(frames.isEmpty)
  }

  @Test func aDragWhoseEventsKeepUpNeverWaits() {
    var frames = FramesInFlight()
    var request: UInt64 = 100
    var waited = 0
    for _ in 0..<500 {
      // Each motion event was generated after the previous frame's requests.
      let processed = request
      request += 7
      if frames.sent(endingAt: request, processed: processed) { waited += 1 }
      #expect(frames.count == 1)
    }
    #expect(waited == 0)
  }

  @Test func aFrameAlreadyProcessedIsNotCounted() {
    var frames = FramesInFlight()
    let waits = frames.sent(endingAt: 40, processed: 40)
    #expect(!waits)
    #expect(frames.isEmpty)
  }
}
