// swift-tools-version: 6.0
// drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
import PackageDescription

// The three examples built together, so `make test` compiles the project
// once for all of them. Each example is also a package of its own
// (MapsPanel/Package.swift and the others): copy its folder, change the
// path of its dependency, and `swift run` it.
let package = Package(
  name: "DrawerExamples",
  dependencies: [.package(name: "drawer-x11", path: "..")],
  targets: [
    .executableTarget(
      name: "MapsPanel",
      dependencies: [
        .product(name: "DrawerX11", package: "drawer-x11"), .product(name: "DrawerEngine", package: "drawer-x11"),
      ],
      path: "MapsPanel/Sources/MapsPanel"),
    .executableTarget(
      name: "OverlayNotches",
      dependencies: [
        .product(name: "DrawerX11", package: "drawer-x11"), .product(name: "DrawerEngine", package: "drawer-x11"),
      ],
      path: "OverlayNotches/Sources/OverlayNotches"),
    .executableTarget(
      name: "ModalDrawer",
      dependencies: [
        .product(name: "DrawerX11", package: "drawer-x11"), .product(name: "DrawerEngine", package: "drawer-x11"),
        .product(name: "DrawerRows", package: "drawer-x11"),
      ],
      path: "ModalDrawer/Sources/ModalDrawer"),
  ]
)
