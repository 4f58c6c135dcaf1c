import ArgumentParser
import DrawerEngine
import DrawerHost

/// Shell completion of detent names, for --initial, --scroll-in and
/// --backdrop.
///
/// The names are those of --detents given earlier on the line, or
/// DrawerKit's when it is not there; the shell asks the program for them
/// each time (argument-parser's custom completion), so they follow what
/// has been typed.
enum DetentCompletion {
  /// The detent names `words` give: --detents' names in order, else
  /// DrawerKit's (dismissed left out: only --initial takes it).
  static func names(in words: [String]) -> [String] {
    let flag = FlagSpec.detents.long
    var list: String?
    for (i, word) in words.enumerated() {
      if word == flag, i + 1 < words.count {
        list = words[i + 1]
      } else if word.hasPrefix(flag + "=") {
        list = String(word.dropFirst(flag.count + 1))
      }
    }
    guard let list else {
      return DetentName.drawerKitNames.filter { $0 != .dismissed }.map(\.rawValue)
    }
    return list.split(separator: ",").compactMap { item in
      let name = item.prefix { $0 != "=" }
      return name.isEmpty ? nil : String(name)
    }
  }

  /// One value of --initial: dismissed or a detent's name.
  static var single: CompletionKind {
    .custom { words, _, _ in DetentArguments.initialChoices(detents: names(in: words)) }
  }

  /// A comma-separated list of names (--scroll-in): the word so far up to
  /// its last comma, then each name.
  static var list: CompletionKind {
    .custom { words, _, prefix in names(in: words).map { completedUpToComma(prefix) + $0 } }
  }

  /// A comma-separated list of NAME=VALUE (--backdrop): the word so far up
  /// to its last comma, then each name and its `=`.
  static var assignments: CompletionKind {
    .custom { words, _, prefix in names(in: words).map { completedUpToComma(prefix) + $0 + "=" } }
  }

  /// The items of a list already typed: `prefix` up to its last comma.
  static func completedUpToComma(_ prefix: String) -> String {
    prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
  }
}
