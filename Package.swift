// swift-tools-version: 6.0
// drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.
import PackageDescription

// The targets every frame runs through (the masks, the frame builder, the
// presenter) are built for release without the run-time exclusivity checks:
// they keep their state in classes (the builder's frame, the presenter's
// caches), and each access to it was checked at run time, a twentieth of a
// drag's instructions (callgrind). The compiler still proves every access
// it can see, and debug builds, which the tests run, keep the checks.
let framePath: [SwiftSetting] = [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
  name: "drawer-x11",
  products: [
    .library(name: "DrawerEngine", targets: ["DrawerEngine"]),
    .library(name: "DrawerProcess", targets: ["DrawerProcess"]),
    .library(name: "DrawerRows", targets: ["DrawerRows"]),
    .library(name: "DrawerDesktop", targets: ["DrawerDesktop"]),
    .library(name: "DrawerScripting", targets: ["DrawerScripting"]),
    .library(name: "DrawerHost", targets: ["DrawerHost"]),
    .library(name: "DrawerCommandLine", targets: ["DrawerCommandLine"]),
    .library(name: "DrawerRaster", targets: ["DrawerRaster"]),
    .library(name: "DrawerText", targets: ["DrawerText"]),
    .library(name: "DrawerFrame", targets: ["DrawerFrame"]),
    .library(name: "DrawerX11", targets: ["DrawerX11"]),
    .executable(name: "drawer-x11", targets: ["drawer-x11"]),
    .executable(name: "drawer-replay", targets: ["drawer-replay"]),
    .executable(name: "drawer-icon", targets: ["drawer-icon"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
  ],
  targets: [
    // Xlib, XRender, Xft and fontconfig (fonts and per-glyph fallback),
    // XInput 2 (smooth scrolling), libxkbcommon (the text of a keysym when
    // no input method runs), RandR and Xinerama (the monitors), through one shim header. pkg-config supplies the freetype2 include path
    // that Xft.h needs; fontconfig comes with libxft-dev.
    .systemLibrary(
      name: "CX11",
      pkgConfig: "xft",
      providers: [.apt(["libx11-dev", "libxrender-dev", "libxft-dev", "libxi-dev", "libxkbcommon-dev", "libxrandr-dev", "libxinerama-dev"])]
    ),
    // The whole drawer behaviour. The Swift standard library and RealModule
    // only: no Foundation, no Glibc, no CX11.
    .target(
      name: "DrawerEngine",
      dependencies: [.product(name: "RealModule", package: "swift-numerics")]
    ),
    // The version --version prints: `git describe` of the checkout, read
    // by the VersionFromGit plugin before every build, or the latest
    // release when there is no checkout. Small on purpose: a new commit
    // recompiles this target's generated file and nothing else.
    .target(name: "DrawerVersion", plugins: ["VersionFromGit"]),
    .plugin(name: "VersionFromGit", capability: .buildTool()),
    // What every other module of a run shares, and no X: exit statuses and
    // Failure, the termination signals, the monotonic clock, and numbers
    // read from text and written into messages.
    .target(name: "DrawerProcess", dependencies: ["DrawerEngine"]),
    // The rows without X: the store, reading them in slices, the filter and
    // its ranking, the row protocol, the query editor and the pick's format.
    .target(name: "DrawerRows", dependencies: ["DrawerProcess"]),
    // The desktop's data without X: themes and colours, the scale, XSETTINGS
    // and X resources, monitors, geometry strings, the window's identity
    // and font size, the drop-down and bar modes, the map's hints.
    .target(name: "DrawerDesktop", dependencies: ["DrawerEngine", "DrawerProcess"]),
    // Scripting without X: the event stream (JSON lines and the writer
    // thread), standard error's diagnostics, the control channel's
    // commands, and traces recorded and read back.
    .target(name: "DrawerScripting", dependencies: ["DrawerDesktop", "DrawerEngine", "DrawerProcess"]),
    // One run of the program without X: HostSession, which a front end
    // drives with translated input, PanelHost and SessionLoop, the run's
    // cadence; with what is the session's or no smaller module's (detent
    // lists, the XEmbed group, paste, the accessible tree). Not the command
    // line (DrawerCommandLine).
    .target(
      name: "DrawerHost", dependencies: ["DrawerDesktop", "DrawerEngine", "DrawerProcess", "DrawerRows", "DrawerScripting"]),
    // The command line: the flag table, parsing, the X resources the flags
    // read, dmenu's flags, and drawer-replay's work. The only module that
    // imports argument-parser: a widget user who wants rows or a theme does
    // not build it.
    .target(
      name: "DrawerCommandLine",
      dependencies: [
        "DrawerDesktop", "DrawerEngine",
        "DrawerHost",
        "DrawerProcess", "DrawerRows", "DrawerScripting", "DrawerVersion",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    // GNU FriBidi, the Unicode bidirectional algorithm and Arabic shaping,
    // for DrawerText.
    .systemLibrary(
      name: "CFriBidi",
      pkgConfig: "fribidi",
      providers: [.apt(["libfribidi-dev"])]
    ),
    // Text without X: one line laid out into a width (tabs, bidi order,
    // Arabic joining, the ellipsis) and the choice of fallback fonts, with
    // the glyph measuring injected.
    .target(name: "DrawerText", dependencies: ["CFriBidi"]),
    // Pixels without X: coverage, corner and handle masks, the Gaussian
    // shadow band, all computed in software and cached by the painters.
    // It speaks the engine's geometry (its edges and corner radii).
    .target(name: "DrawerRaster", dependencies: ["DrawerEngine"], swiftSettings: framePath),
    // Frames without X: the frame builder turns a render model into the
    // damage and a short list of drawing operations, which drawer-x11's
    // presenter carries out.
    .target(
      name: "DrawerFrame", dependencies: ["DrawerDesktop", "DrawerEngine", "DrawerRaster", "DrawerRows", "DrawerText"],
      swiftSettings: framePath),
    // libpng's simplified API, which writes drawer-icon's PNGs and reads
    // them back in DrawerIconTests, and reads the rows' PNG icons
    // (DrawerRowIcons). drawer-x11 linking it loads nothing more at start:
    // FreeType, which Xft opens, links libpng already.
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    // The application icon: its shapes, painted on a canvas or written as
    // SVG, and its PNGs through libpng. Only drawer-icon uses it.
    .target(name: "DrawerIcon", dependencies: ["CPNG", "DrawerRaster", "DrawerWindowIcon"]),
    // The window icon's pixels as `make icons` last drew them, read back
    // for _NET_WM_ICON without the drawing code: all drawer-x11 takes of
    // the icon.
    .target(name: "DrawerWindowIcon"),
    // The release binary is linked by lld with packed relative relocations
    // (DT_RELR, glibc 2.36): the ~44000 relative relocations of the
    // statically linked Swift runtime and libraries take 8 KB instead of
    // 1 MB, which the dynamic loader reads at every start, and lld's layout
    // keeps read-only data out of the writable segment: ~0.7 MB less RSS.
    // The functions that run at the start and in a drag come first in the
    // text, in the order they run (Packaging/order, `make order`): the
    // kernel maps code 64 KB around each page touched, and gathered they
    // touch a fraction of the blocks they did spread over the runtime.
    // RandR, Xinerama and libxkbcommon, opened with dlopen when first
    // called (CX11 declares them, and links only what every run uses).
    .target(name: "CXOnDemand"),
    // The X11 widget: everything that puts a drawer on an X window (the
    // presenter, fonts and text, the input method, grabs, monitors, the
    // XEmbed host, paste and the accessibility glue), importable by any
    // Swift package.
    .target(
      name: "DrawerX11",
      dependencies: [
        "CX11", "CXOnDemand", "DrawerAccess", "DrawerDesktop", "DrawerEngine", "DrawerFrame", "DrawerHost",
        "DrawerProcess", "DrawerRaster", "DrawerRows", "DrawerScripting", "DrawerText", "DrawerVersion",
        "DrawerWindowIcon",
      ],
      swiftSettings: framePath
    ),
    // The program: the command line's flags wired to DrawerX11.
    .executableTarget(
      name: "drawer-x11",
      dependencies: [
        "CX11", "DrawerCommandLine", "DrawerDesktop", "DrawerHost", "DrawerLaunch", "DrawerProcess", "DrawerRowIcons",
        "DrawerRows", "DrawerScripting", "DrawerX11",
      ],
      linkerSettings: [
        .unsafeFlags(
          [
            "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/Packaging/order/drawer-x11.order",
            // Names of functions since renamed or gone are passed over.
            "-Xlinker", "--no-warn-symbol-ordering",
          ], .when(configuration: .release))
      ]
    ),
    // sd-bus from libsystemd (libsystemd-dev's header), for the AT-SPI2
    // bridge, opened with dlopen only when there is an accessibility bus.
    .target(name: "CSystemd"),
    // The AT-SPI2 bridge: DrawerHost's accessible tree served to screen
    // readers over the accessibility bus, without X (drawer-x11 finds the
    // bus's address on the root window and hands it in).
    .target(name: "DrawerAccess", dependencies: ["CSystemd", "DrawerEngine", "DrawerHost", "DrawerProcess"]),
    // librsvg, for the rows' SVG icons, opened with dlopen when a row
    // first shows one (librsvg2-dev names the library; no header is used).
    .target(name: "CRsvg"),
    // The rows' icons without X: the freedesktop icon theme lookup, PNG
    // and SVG decoding, and the cache a thread of its own fills.
    .target(name: "DrawerRowIcons", dependencies: ["CPNG", "CRsvg", "DrawerRows"]),
    // The launcher without X: rofi's command line, read as rofi reads it.
    .target(
      name: "DrawerLaunch", dependencies: ["DrawerCommandLine", "DrawerProcess", "DrawerRowIcons", "DrawerRows", "DrawerScripting"]),
    // Replays a --record trace without X and prints the panel's events.
    .executableTarget(
      name: "drawer-replay", dependencies: ["DrawerCommandLine", "DrawerEngine", "DrawerProcess", "DrawerScripting"]),
    // Writes the application icon (DrawerIcon's AppIcon) as SVG and PNGs,
    // and the stored window icon: `make icons` regenerates Packaging/icons
    // and DrawerWindowIcon's data with it.
    .executableTarget(name: "drawer-icon", dependencies: ["DrawerIcon", "DrawerWindowIcon"]),
    // Helpers the test suites share (a seeded generator, temporary files).
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "DrawerEngineTests", dependencies: ["DrawerEngine", "TestSupport"]),
    .testTarget(
      name: "DrawerHostTests",
      dependencies: [
        "DrawerCommandLine", "DrawerDesktop", "DrawerHost", "DrawerProcess", "DrawerRows", "DrawerScripting",
        "DrawerVersion", "TestSupport",
      ]),
    .testTarget(name: "DrawerProcessTests", dependencies: ["DrawerProcess", "TestSupport"]),
    .testTarget(
      name: "DrawerRowsTests", dependencies: ["DrawerProcess", "DrawerRows", "DrawerScripting", "TestSupport"]),
    .testTarget(
      name: "DrawerDesktopTests",
      dependencies: [
        "DrawerCommandLine", "DrawerDesktop", "DrawerEngine", "DrawerHost", "DrawerProcess", "DrawerRows", "DrawerScripting",
        "TestSupport",
      ]),
    // Traces/ holds recorded sessions the tests read from disk (SessionLoopTests
    // in DrawerHostTests too).
    .testTarget(
      name: "DrawerScriptingTests",
      dependencies: [
        "DrawerCommandLine", "DrawerEngine", "DrawerHost", "DrawerProcess", "DrawerRows", "DrawerScripting",
        "TestSupport",
      ],
      exclude: ["Traces"]),
    .testTarget(name: "DrawerRasterTests", dependencies: ["DrawerEngine", "DrawerRaster", "TestSupport"]),
    .testTarget(name: "DrawerTextTests", dependencies: ["DrawerText", "TestSupport"]),
    .testTarget(
      name: "DrawerFrameTests",
      dependencies: [
        "DrawerCommandLine", "DrawerDesktop", "DrawerEngine", "DrawerFrame", "DrawerHost", "DrawerRaster", "DrawerRows",
        "DrawerText", "TestSupport",
      ]),
    .testTarget(name: "DrawerIconTests", dependencies: ["CPNG", "DrawerIcon", "DrawerWindowIcon", "TestSupport"]),
    .testTarget(name: "DrawerWindowIconTests", dependencies: ["DrawerWindowIcon"]),
    .testTarget(name: "DrawerRowIconsTests", dependencies: ["CPNG", "DrawerRowIcons"]),
    .testTarget(name: "DrawerLaunchTests", dependencies: ["DrawerCommandLine", "DrawerLaunch", "DrawerRowIcons", "DrawerRows"]),
    .testTarget(
      name: "DrawerAccessTests", dependencies: ["CSystemd", "DrawerAccess", "DrawerEngine", "DrawerHost", "DrawerProcess", "TestSupport"]),
  ]
)

// `make bench` sets DRAWER_X11_BENCH=1 (with its own scratch path) to add the
// engine benchmark, which counts allocations through malloc-interposer. The
// everyday build and `make test` never resolve or build it.
if Context.environment["DRAWER_X11_BENCH"] == "1" {
  package.dependencies.append(.package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"))
  package.targets.append(
    .executableTarget(
      name: "EngineBench",
      dependencies: [
        "DrawerEngine", "DrawerProcess", "DrawerRows", .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
      ],
      path: "Benchmarks/EngineBench",
      swiftSettings: [.unsafeFlags(["-Ounchecked"], .when(configuration: .release))]
    ))
}
