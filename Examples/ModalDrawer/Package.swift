// swift-tools-version: 6.0
import PackageDescription

// Depends on drawer-x11 by path: in a copy, point the path at your
// checkout of the project.
let package = Package(
  name: "ModalDrawer",
  dependencies: [.package(name: "drawer-x11", path: "../..")],
  targets: [
    .executableTarget(
      name: "ModalDrawer",
      dependencies: [
        .product(name: "DrawerX11", package: "drawer-x11"), .product(name: "DrawerEngine", package: "drawer-x11"), .product(name: "DrawerRows", package: "drawer-x11"),
      ])
  ]
)
