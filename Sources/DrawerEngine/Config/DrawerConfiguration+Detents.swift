extension DrawerConfiguration {
  /// Every shadow, the first one first.
  public var shadows: [ShadowConfiguration] { [shadow] + additionalShadows }

  /// Whether the panel is a card: any margin above 0.
  public var isCard: Bool { !margins.isEmpty }

  /// The detents the panel uses: `detents`, or DrawerKit's built from the
  /// heights. Call on a validated configuration.
  public var detentSet: DetentSet {
    var list = detents ?? drawerKitDetents
    for i in list.indices {
      let name = DetentName(list[i].name)
      if let alpha = backdropAlphas[name] { list[i].backdropAlpha = alpha }
      if let scrolling = scrollingDetents { list[i].scrollsList = scrolling.contains(name) }
    }
    // validate() has checked a custom list; the preset's names are fixed.
    return (try? DetentSet(list, allowsRemoval: allowsRemoval))
      ?? (try! DetentSet([Detent(DetentName.fullyExpanded.rawValue, .fromFar(0))], allowsRemoval: allowsRemoval))
  }

  /// DrawerKit's detents from the heights: collapsed when its height is
  /// above 0, partially expanded when supported, and fully expanded below
  /// the full expansion gap. The backdrop reaches its maximum at full and
  /// follows the extent linearly below it; the list scrolls at full only,
  /// or everywhere with `listScrollsInAllStates`.
  public var drawerKitDetents: [Detent] {
    var list: [Detent] = []
    let all = listScrollsInAllStates
    if heightOfCollapsedDrawer > 0 {
      list.append(Detent(DetentName.collapsed.rawValue, .fromHome(heightOfCollapsedDrawer), scrollsList: all))
    }
    if supportsPartialExpansion {
      list.append(Detent(DetentName.partiallyExpanded.rawValue, .fromHome(heightOfPartiallyExpandedDrawer), scrollsList: all))
    }
    let gap: Double
    switch fullExpansionBehaviour {
    case .coversFullScreen: gap = 0
    case .doesNotCoverStatusBar: gap = statusBarHeight
    case .leavesCustomGap(let g): gap = g
    }
    list.append(
      Detent(
        DetentName.fullyExpanded.rawValue, .fromFar(gap), backdropAlpha: maximumBackdropOpacity, scrollsList: true))
    return list
  }

  /// The detent DrawerKit's marks hang from, and where the corner radius
  /// and the handle peak: partially expanded in the preset; with custom
  /// detents, the one below the most expanded (none with a single detent).
  public var markDetent: DetentName? {
    guard let list = detents else { return .partiallyExpanded }
    return list.count >= 2 ? DetentName(list[list.count - 2].name) : nil
  }

  /// The detent presented by default (see `initialState`).
  public var defaultInitialDetent: DetentName {
    if let s = initialState { return s }
    guard let list = detents, !list.isEmpty else {
      return supportsPartialExpansion ? .partiallyExpanded : .fullyExpanded
    }
    return DetentName(list[(list.count - 1) / 2].name)
  }
}
