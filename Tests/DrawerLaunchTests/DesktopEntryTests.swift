import XCTest

@testable import DrawerLaunch

/// Desktop entries (DesktopEntry.swift, DesktopEntries.swift) and their
/// Exec lines (ExecLine.swift).
final class DesktopEntryTests: XCTestCase {
  private func entry(_ text: String, locale: String? = nil) -> DesktopEntry? {
    DesktopEntry(id: "a.desktop", path: "/x/a.desktop", text: text, locale: locale)
  }

  func testLocalizedKeysAndTheGroup() {
    let text = """
      [Desktop Entry]
      Type=Application
      Name=Files
      Name[de]=Dateien
      Name[de_AT]=Dateien (AT)
      GenericName=File Manager
      Keywords=folder;explorer;
      Categories=System;Utility;
      Exec=nautilus %U
      [Desktop Action new]
      Name=New Window
      """
    XCTAssertEqual(entry(text)?.name, "Files")
    XCTAssertEqual(entry(text, locale: "de_DE.UTF-8")?.name, "Dateien", "ll when ll_CC is missing")
    XCTAssertEqual(entry(text, locale: "de_AT.UTF-8@euro")?.name, "Dateien (AT)")
    XCTAssertEqual(entry(text)?.keywords, ["folder", "explorer"])
    XCTAssertEqual(entry(text)?.categories, ["System", "Utility"])
    XCTAssertNil(entry("[Other]\nName=x"), "no [Desktop Entry] group")
  }

  func testWhatIsShown() {
    let base = "[Desktop Entry]\nType=Application\nName=A\nExec=a\n"
    let exists: (String) -> Bool = { $0 == "present" }
    XCTAssertTrue(entry(base)!.isShown(desktops: [], executableExists: exists))
    XCTAssertFalse(entry(base + "NoDisplay=true")!.isShown(desktops: [], executableExists: exists))
    XCTAssertFalse(entry(base + "Hidden=true")!.isShown(desktops: [], executableExists: exists))
    XCTAssertFalse(entry(base + "OnlyShowIn=KDE;")!.isShown(desktops: ["GNOME"], executableExists: exists))
    XCTAssertTrue(entry(base + "OnlyShowIn=KDE;")!.isShown(desktops: ["ubuntu", "KDE"], executableExists: exists))
    XCTAssertFalse(entry(base + "NotShowIn=GNOME;")!.isShown(desktops: ["GNOME"], executableExists: exists))
    XCTAssertFalse(entry(base + "TryExec=absent")!.isShown(desktops: [], executableExists: exists))
    XCTAssertTrue(entry(base + "TryExec=present")!.isShown(desktops: [], executableExists: exists))
    XCTAssertFalse(entry("[Desktop Entry]\nType=Link\nName=A\nURL=x")!.isShown(desktops: [], executableExists: exists))
  }

  func testExecFieldCodes() {
    XCTAssertEqual(ExecLine.arguments("gimp %U", name: "GIMP", icon: "gimp", path: "/p"), ["gimp"])
    XCTAssertEqual(
      ExecLine.arguments("app %f --name %c %i --file %k 100%%", name: "My App", icon: "app-icon", path: "/p/app.desktop"),
      ["app", "--name", "My App", "--icon", "app-icon", "--file", "/p/app.desktop", "100%"])
    XCTAssertEqual(
      ExecLine.arguments(#"sh -c "echo \"hi there\" > \$HOME/x""#, name: "", icon: nil, path: ""),
      ["sh", "-c", #"echo "hi there" > $HOME/x"#])
    XCTAssertEqual(ExecLine.arguments("app %i", name: "", icon: nil, path: ""), ["app"], "no icon, no --icon")
    XCTAssertEqual(
      ExecLine.arguments("sh -c 'echo a \"b\"' x", name: "", icon: nil, path: ""), ["sh", "-c", "echo a \"b\"", "x"],
      "single quotes, as GLib reads them")
    XCTAssertNil(ExecLine.arguments(#"app "open"#, name: "", icon: nil, path: ""))
  }

  func testTheFirstIDWinsAcrossTheDataDirectories() {
    let tree = ScratchTree(self)
    tree.write("home/applications/editor.desktop", "[Desktop Entry]\nType=Application\nName=My Editor\nExec=ed\n")
    tree.write("sys/applications/editor.desktop", "[Desktop Entry]\nType=Application\nName=System Editor\nExec=ed\n")
    tree.write("sys/applications/gone.desktop", "[Desktop Entry]\nType=Application\nName=Gone\nExec=x\n")
    tree.write("home/applications/gone.desktop", "[Desktop Entry]\nType=Application\nName=Gone\nExec=x\nHidden=true\n")
    tree.write("sys/applications/kde/konsole.desktop", "[Desktop Entry]\nType=Application\nName=Konsole\nExec=konsole\n")
    tree.write("sys/applications/readme.txt", "not an entry")
    let env = Environment(["XDG_DATA_HOME": tree.root + "/home", "XDG_DATA_DIRS": tree.root + "/sys", "PATH": "/bin"])
    let entries = DesktopEntries.load(env)
    XCTAssertEqual(entries.map(\.name), ["Konsole", "My Editor"], "the user's editor; the user hid gone")
    XCTAssertEqual(entries.map(\.id), ["kde-konsole.desktop", "editor.desktop"])
  }
}
