import DrawerHost

// AT-SPI2's numbers for roles and states, as at-spi2-core 2.46
// (atspi-constants.h) and pyatspi give them: the wire carries numbers,
// never names.

extension AccessibleObject.Role {
  /// AtspiRole: APPLICATION 75, FRAME 23, PANEL 39, ENTRY 79, LIST_BOX 98,
  /// LIST_ITEM 32, TEXT 61. The list is a LIST_BOX, as GTK 4 exposes a
  /// list whose rows are picked (ARIA's listbox).
  public var atspiRole: UInt32 {
    switch self {
    case .application: 75
    case .frame: 23
    case .panel: 39
    case .entry: 79
    case .list: 98
    case .listItem: 32
    case .text: 61
    }
  }

  /// The role's name as GetRoleName gives it (pyatspi's spelling).
  public var atspiRoleName: String {
    switch self {
    case .list: "list box"
    default: rawValue
    }
  }
}

extension AccessibleObject.State {
  /// The state's bit in AT-SPI2's state set (AtspiStateType).
  public var atspiBit: Int {
    switch self {
    case .active: 1
    case .editable: 7
    case .enabled: 8
    case .focusable: 11
    case .focused: 12
    case .multiLine: 17
    case .multiselectable: 18
    case .selectable: 22
    case .selected: 23
    case .sensitive: 24
    case .showing: 25
    case .singleLine: 26
    case .visible: 30
    }
  }
}

/// `states` as GetState sends them: two 32-bit words, state n in bit n % 32
/// of word n / 32 (atk-adaptor's `spi_atk_state_set_to_dbus_array`).
public func atspiStateWords(_ states: Set<AccessibleObject.State>) -> [UInt32] {
  var words: [UInt32] = [0, 0]
  for state in states { words[state.atspiBit / 32] |= 1 << UInt32(state.atspiBit % 32) }
  return words
}
