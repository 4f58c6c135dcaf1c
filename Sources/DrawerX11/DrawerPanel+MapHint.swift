import DrawerDesktop
import DrawerEngine

extension DrawerPanel {
  /// The map's hint card for this run: the line `MapHint.text` makes of
  /// its configuration and of whether typing filters, and the list panel's
  /// layout at the time the map is drawn, which the card keeps clear of.
  var mapHint: (text: [UInt8], layout: () -> PanelLayout) {
    let line = MapHint.text(for: host.logicalConfiguration, filters: query != nil)
    return (Array(line.utf8), { [unowned self] in host.drawer.layout })
  }
}
