import CX11
import DrawerEngine

/// The pointer's X events as the session's inputs: presses and releases
/// (the wheel's buttons among them), motion folded to its newest, and
/// XInput 2.1's smooth scrolling.
extension DrawerPanel {
  func buttonPressed(_ e: XButtonEvent) {
    let time = inputTime(e.time, synthetic: e.send_event != 0)
    let point = pointerPoint(x: e.x, y: e.y, rootX: e.x_root, rootY: e.y_root)
    switch Int32(e.button) {
    case Button1 where pick?.multiple == true && e.state & UInt32(ControlMask) != 0:
      session.toggleMark(at: point)
    case Button1:
      // Keep receiving motion and the release when the pointer leaves the
      // window mid-drag (over the desktop the whole screen's grab does).
      if desktop == nil {
        XGrabPointer(
          x.display, x.window, 0, UInt32(ButtonPressMask | ButtonReleaseMask | ButtonMotionMask),
          GrabModeAsync, GrabModeAsync, 0, 0, e.time)
      }
      feed(.pointerDown(point, button: .primary, time: time))
    case Button4, Button5, 6, 7:
      // The server's copy of a smooth scroll already counted.
      if smoothScroll?.valuators.isEmulatedWheelButton(at: e.time) == true { return }
      switch Int32(e.button) {
      case Button4: feed(.wheel(steps: -1, at: point, time: time))
      case Button5: feed(.wheel(steps: 1, at: point, time: time))
      case 6: feed(.horizontalWheel(steps: -1, at: point, time: time))
      default: feed(.horizontalWheel(steps: 1, at: point, time: time))
      }
    default: feed(.pointerDown(point, button: .other, time: time))
    }
  }

  func buttonReleased(_ e: XButtonEvent) {
    let time = inputTime(e.time, synthetic: e.send_event != 0)
    let point = pointerPoint(x: e.x, y: e.y, rootX: e.x_root, rootY: e.y_root)
    switch Int32(e.button) {
    case Button1:
      if desktop == nil { XUngrabPointer(x.display, e.time) }
      feed(.pointerUp(point, button: .primary, time: time))
    case Button4, Button5, 6, 7: break
    default: feed(.pointerUp(point, button: .other, time: time))
    }
  }

  /// Folds the motion events queued right behind `first` into the newest
  /// one. Only consecutive ones: a motion after a release must stay after it.
  func newestMotion(after first: XMotionEvent) -> XMotionEvent {
    var newest = first
    var next = XEvent()
    while XEventsQueued(x.display, QueuedAlready) > 0 {
      XPeekEvent(x.display, &next)
      guard next.type == MotionNotify, next.xmotion.window == newest.window else { break }
      XNextEvent(x.display, &next)
      newest = next.xmotion
    }
    return newest
  }

  func pointerMoved(_ e: XMotionEvent) {
    let time = inputTime(e.time, synthetic: e.send_event != 0)
    feed(.pointerMove(pointerPoint(x: e.x, y: e.y, rootX: e.x_root, rootY: e.y_root), time: time))
  }

  /// An XInput event: smooth scrolling, and what keeps its devices known.
  func xinputEvent(_ event: inout XEvent) {
    guard let smoothScroll, event.xcookie.extension == smoothScroll.opcode,
      XGetEventData(x.display, &event.xcookie) != 0
    else { return }
    defer { XFreeEventData(x.display, &event.xcookie) }
    guard case let .motion(point, notches, _, stamp, synthetic) = smoothScroll.handle(event.xcookie) else {
      return
    }
    let time = inputTime(stamp, synthetic: synthetic)
    if notches.vertical != 0 { feed(.wheel(steps: notches.vertical, at: point, time: time)) }
    if notches.horizontal != 0 { feed(.horizontalWheel(steps: notches.horizontal, at: point, time: time)) }
    // With XI_Motion selected the window's core motion stops: the
    // pointer's place (the hover) comes from here.
    feed(.pointerMove(point, time: time))
  }
}
