import DrawerRowIcons
import XCTest

@testable import DrawerLaunch

/// The modes without a pick: drun's rows and launches, run's commands,
/// history, combi and the script protocol.
final class ModesTests: XCTestCase {
  private func drunTree() -> (ScratchTree, Environment) {
    let tree = ScratchTree(self)
    tree.write(
      "data/applications/term.desktop",
      "[Desktop Entry]\nType=Application\nName=Term\nGenericName=Terminal\nKeywords=shell;\nExec=xterm -e top\nTerminal=false\n")
    tree.write(
      "data/applications/htop.desktop",
      "[Desktop Entry]\nType=Application\nName=Htop\nExec=htop %F\nTerminal=true\nPath=/tmp\nStartupNotify=true\n")
    let env = Environment([
      "XDG_DATA_HOME": tree.root + "/none", "XDG_DATA_DIRS": tree.root + "/data", "XDG_CACHE_HOME": tree.root + "/cache",
      "PATH": "/bin",
    ])
    return (tree, env)
  }

  func testDrunRowsAndALaunchInATerminal() {
    let (_, env) = drunTree()
    let drun = DrunMode(env: env, terminal: "my-term")
    drun.startsPrograms = false
    let page = drun.page()
    XCTAssertEqual(page.rows.map(\.text), ["Htop", "Term (Terminal)"])
    XCTAssertEqual(page.rows[1].options.meta, "shell xterm", "keywords, categories and the command match")
    XCTAssertEqual(drun.choose(.row(0, alternate: false)), .exit(0))
    XCTAssertEqual(drun.launched?.argv, ["my-term", "-e", "htop"])
    XCTAssertEqual(drun.launched?.directory, "/tmp")
    XCTAssertNotNil(drun.launched?.startupID)
  }

  func testHistoryRanksTheLaunchedFirst() {
    let (_, env) = drunTree()
    let drun = DrunMode(env: env, terminal: "t")
    drun.startsPrograms = false
    _ = drun.choose(.row(1, alternate: false))
    let again = DrunMode(env: env, terminal: "t")
    XCTAssertEqual(again.page().rows.map(\.text), ["Term (Terminal)", "Htop"], "kept in XDG_CACHE_HOME")
    var h = LaunchHistory(mode: "x", cacheHome: "/nonexistent")
    h.record("b", time: 5)
    h.record("c", time: 9)
    h.record("b", time: 1)
    XCTAssertEqual(h.ranked(["a", "b", "c", "d"]) { $0 }, ["b", "c", "a", "d"], "most often, then most recent, then the rest")
  }

  func testRunTakesPathsExecutablesAndItsCommandTemplates() {
    let tree = ScratchTree(self)
    tree.write("bin/zeta", "#!/bin/sh\n", mode: 0o755)
    tree.write("bin/alpha", "#!/bin/sh\n", mode: 0o755)
    tree.write("bin/notes.txt", "x")
    let env = Environment(["PATH": tree.root + "/bin", "XDG_CACHE_HOME": tree.root + "/cache"])
    let run = RunMode(env: env, terminal: "term", runCommand: nil, shellCommand: nil)
    run.startsPrograms = false
    XCTAssertEqual(run.page().rows.map(\.text), ["alpha", "zeta"])
    _ = run.choose(.row(1, alternate: true))
    XCTAssertEqual(run.launched, "term -e zeta")
    _ = run.choose(.custom("ls -l", alternate: false))
    XCTAssertEqual(run.launched, "ls -l")
  }

  func testCombiMarksEachRowWithItsMode() {
    let (_, env) = drunTree()
    let drun = DrunMode(env: env, terminal: "t")
    drun.startsPrograms = false
    let combi = CombiMode(modes: [drun])
    XCTAssertEqual(combi.page().rows.map(\.text), ["drun Htop", "drun Term (Terminal)"])
    _ = combi.choose(.row(1, alternate: false))
    XCTAssertEqual(drun.launched?.argv, ["xterm", "-e", "top"])
  }

  func testAScriptGoesTwoLevelsDeepAndEndsWhenItPrintsNothing() {
    let tree = ScratchTree(self)
    let log = tree.root + "/log"
    let script = tree.write(
      "menu.sh",
      """
      #!/bin/sh
      echo "$ROFI_RETV:$ROFI_INFO:$*" >> '\(log)'
      if [ $# -eq 0 ]; then
        printf '\\0prompt\\037Top\\n\\0message\\037Pick\\nfruit\\0info\\037f\\nveg\\n'
      elif [ "$1" = fruit ]; then
        printf '\\0prompt\\037Fruit\\n\\0no-custom\\037true\\napple\\npear\\n'
      fi
      """, mode: 0o755)
    let mode = ScriptMode(name: "menu", script: script)
    var page = mode.page()
    XCTAssertEqual(page.prompt, "Top")
    XCTAssertEqual(page.message, "Pick")
    XCTAssertEqual(page.rows.map(\.text), ["fruit", "veg"])
    XCTAssertEqual(mode.choose(.row(0, alternate: false)), .again)
    page = mode.page()
    XCTAssertEqual(page.prompt, "Fruit")
    XCTAssertTrue(page.noCustom)
    XCTAssertEqual(page.rows.map(\.text), ["apple", "pear"])
    XCTAssertEqual(mode.choose(.row(1, alternate: false)), .exit(0), "nothing printed: the end")
    XCTAssertEqual(Files.text(log), "0::\n1:f:fruit\n1::pear\n")
  }

  func testAScriptThatHangsIsEnded() {
    let tree = ScratchTree(self)
    let script = tree.write("hang.sh", "#!/bin/sh\nexec sleep 30\n", mode: 0o755)
    let mode = ScriptMode(name: "hang", script: script, timeout: 0.3)
    XCTAssertEqual(mode.page().rows, [])
  }
}

/// rofi's window mode without X (WindowMode.swift).
final class WindowModeTests: XCTestCase {
  func testAWindowsOwnIconIsWrittenForThePickAndGoesWithTheMode() throws {
    // Opaque red and half-transparent blue, straight ARGB as _NET_WM_ICON.
    var mode: WindowMode? = WindowMode(
      clients: [
        .init(window: 3, title: "T", className: "XTerm", desktop: 0, iconWidth: 2, iconHeight: 1, iconPixels: [0xFFFF_0000, 0x8000_00FF]),
        .init(window: 4, title: "U", className: "XTerm", desktop: 0),
      ],
      activate: { _, _ in true })
    let icons = try XCTUnwrap(mode).page().rows.map(\.options.icon)
    let path = try XCTUnwrap(icons[0])
    XCTAssertTrue(path.hasPrefix("/") && path.hasSuffix("/3.png"), path)
    XCTAssertEqual(icons[1], "xterm", "without its own, the class's")
    let image = try XCTUnwrap(IconDecoding.decode(path: path, size: 2))
    XCTAssertEqual(image.pixels, [0xFFFF_0000, 0x8000_0080, 0, 0], "fitted to the width, and premultiplied")
    mode = nil
    XCTAssertNil(IconDecoding.decode(path: path, size: 2), "the file goes with the mode")
  }

  func testRowsAndActivation() {
    var activated: [(UInt, Int?)] = []
    let mode = WindowMode(
      clients: [
        .init(window: 7, title: "Second", className: "XLogo", desktop: 1, desktopName: "web", isActive: false),
        .init(window: 5, title: "First", className: "XLogo", desktop: 0, isActive: true),
        .init(window: 9, title: "Sticky", className: "Panel", desktop: nil),
      ],
      activate: { activated.append(($0, $1)); return true })
    let page = mode.page()
    XCTAssertEqual(page.rows.map(\.text), ["web  XLogo  Second", "1  XLogo  First", "   Panel  Sticky"])
    XCTAssertEqual(page.active, "1")
    XCTAssertEqual(page.rows.map(\.options.icon), ["xlogo", "xlogo", "panel"], "the class's icon in the theme")
    XCTAssertEqual(mode.choose(.row(0, alternate: false)), .exit(0))
    XCTAssertEqual(activated.map(\.0), [7])
    XCTAssertEqual(activated.map(\.1), [1])
  }
}
