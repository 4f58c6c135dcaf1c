// drawer-x11 is licensed under the Apache License, Version 2.0; see LICENSE.

/// The latest release in CHANGELOG.md: what a build from outside a git
/// checkout (a release tarball) reports. Bump it with the changelog when
/// tagging a release; a test checks that the two agree.
public let releasedVersion = "0.14.0"

/// The version `--version` prints, in drawer-x11 and drawer-replay alike.
public let programVersion = version(describing: gitDescription(), released: releasedVersion)

/// The version from what `git describe --tags --dirty --always` said.
///
/// - `v0.13.0` at the tag is `0.13.0`; three commits on it is
///   `0.13.0-3-gabc1234`; uncommitted changes add `-dirty`.
/// - A bare commit (no version tag below it yet) is the last release and
///   the commit: `0.12.0-gabc1234`.
/// - nil (no checkout, or git could not answer) is the last release.
public func version(describing description: String?, released: String) -> String {
  guard let description, !description.isEmpty else { return released }
  if description.hasPrefix("v"), description.dropFirst().first?.isNumber == true {
    return String(description.dropFirst())
  }
  return "\(released)-g\(description)"
}
