import ArgumentParser
import DrawerDesktop
import DrawerEngine
import DrawerProcess

/// A flag value that must be one word of `Choice`'s closed set.
///
/// It is kept as typed until `launchSettings()` checks it. Argument-parser
/// takes the set from `Choice` to list it in --help and in completion
/// scripts. Parsing itself accepts any word: had it refused one,
/// argument-parser's own message ("The value 'x' is invalid for ...") would
/// stand in for the line every other bad value gets, `FLAG must be a, b or c
/// (got x)`, and the order in which flags are checked would change.
struct Keyword<Choice: ExpressibleByArgument>: ExpressibleByArgument, Equatable, Sendable {
  /// The word as the user typed it.
  let text: String

  init(argument: String) { text = argument }

  static var allValueStrings: [String] { Choice.allValueStrings }
  static var defaultCompletionKind: CompletionKind { Choice.defaultCompletionKind }

  /// The words, as a message lists them: "a, b or c".
  static var allowed: String {
    let words = allValueStrings
    guard words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " or " + words.last!
  }

  /// The chosen word; status 64 naming `flag` when it is not one of the set.
  func choice(_ flag: String) throws(Failure) -> Choice {
    guard let choice = Choice(argument: text) else { throw .usage(flag, Keyword.allowed, text) }
    return choice
  }
}

extension Edge: ExpressibleByArgument {}

/// The words of --release: DrawerKit's, FloatingPanel's, OverlayContainer's.
enum ReleaseWord: String, CaseIterable, ExpressibleByArgument {
  case drawerkit, projection, nearest
}

/// The words of --initial-state: DrawerKit's three states.
enum InitialStateWord: String, CaseIterable, ExpressibleByArgument {
  case partial, full, collapsed
}

/// The words of --corner-mode: DrawerKit's corner animation options.
enum CornerModeWord: String, CaseIterable, ExpressibleByArgument {
  case partial
  case statusBar = "status-bar"
  case fixed
}

extension ThemeChoice: ExpressibleByArgument {}

/// The words of --bar: the monitor's edge the bar lies along.
enum BarPlace: String, CaseIterable, ExpressibleByArgument {
  case top, bottom
}
