/// A mouse button, as the engine cares about it.
public enum PointerButton: Hashable, Sendable {
  /// The button that drags and clicks (X11 button 1).
  case primary
  /// Any other button; the engine ignores its presses.
  case other
}

/// A key, by name. Front ends map their key codes onto these.
public enum DrawerKey: Hashable, Sendable {
  /// Dismisses; during a drag, puts the drawer back where the drag began.
  case escape
  /// Where the list scrolls (always in a picker): moves the selection one
  /// row, or a page, up. Elsewhere: expands one stage.
  case up, pageUp
  /// Where the list scrolls (always in a picker): moves the selection one
  /// row, or a page, down. Elsewhere: collapses one stage, never past the
  /// state a downward flick would reach.
  case down, pageDown
  /// Where the list scrolls: selects the first row. Elsewhere: expands fully.
  case home
  /// Where the list scrolls: selects the last row. Elsewhere: goes to the
  /// least expanded visible state.
  case end
  /// Presents the drawer again after it was dismissed; Enter also
  /// activates the selected row.
  case space, enter
  /// Expands one stage, or presents a dismissed drawer, wherever the list
  /// holds the arrows: the key that brings a panel from full back down is
  /// `collapseStage`'s twin (Alt+Up and Alt+Down in drawer-x11).
  case expandStage
  /// Collapses one stage, whatever the list does with the arrows, as Down
  /// does where the list does not scroll.
  case collapseStage
}

/// Something a program asks the drawer to do.
public enum DrawerRequest: Hashable, Sendable {
  /// Show the drawer in its initial state.
  case present(animated: Bool)
  /// Hide the drawer.
  case dismiss(animated: Bool)
  /// Move to the detent named `to`. A name the panel does not have
  /// (collapsed with no collapsed height, partial without partial
  /// expansion) is ignored; so is a disabled detent.
  case move(to: DetentName, animated: Bool)
  /// Enable or disable the detent named `for`, as OverlayContainer's
  /// `canReachNotchAt` does at run time. Releases and keys skip a disabled
  /// detent; a panel resting there stays until it moves.
  case setEnabled(Bool, for: DetentName)
  /// Scroll the list so that `row` is visible, and select it.
  case selectRow(Int)
  /// The list now holds `count` rows: rows arrived, or a filter changed
  /// which are shown. The selection and the scroll position stay where
  /// they are when they still exist, so rows appended below move nothing.
  case setRowCount(Int)
}

/// One input to the engine, with its time in seconds.
///
/// Inputs and `advance(to:)` share one clock. A front end whose input events
/// carry another clock's stamps (X server milliseconds) maps them onto its
/// frame clock once, at the boundary, keeping their differences exact: the
/// engine measures velocity and click intervals from input times. An input
/// also advances the engine to its time when that time is later.
public enum DrawerInput: Hashable, Sendable {
  /// A button went down at a point in the container.
  case pointerDown(Point, button: PointerButton, time: Double)
  /// The pointer moved to a point, a button held or not.
  case pointerMove(Point, time: Double)
  /// A button came up at a point.
  case pointerUp(Point, button: PointerButton, time: Double)
  /// The pointer left the window: nothing is hovered.
  case pointerLeft(time: Double)
  /// Wheel notches: positive `steps` scroll the content up (wheel down).
  /// A fraction is part of a notch, as smooth scrolling sends.
  case wheel(steps: Double, at: Point, time: Double)
  /// Horizontal wheel notches (a tilting wheel, a touchpad): positive
  /// `steps` scroll right, negative left; fractions as for `wheel`.
  case horizontalWheel(steps: Double, at: Point, time: Double)
  /// A key was pressed.
  case key(DrawerKey, time: Double)
  /// The container's new size in px.
  case resize(Size, time: Double)
  /// A request from the program: present, dismiss, move, enable a detent, select a row, a new row count.
  case request(DrawerRequest, time: Double)
}
