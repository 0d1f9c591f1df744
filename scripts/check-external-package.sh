#!/usr/bin/env bash
# Acceptance 3 of issue 8: a separate package that depends on this one by path compiles, in Swift 6
# language mode (strict concurrency) with warnings as errors, and runs
#   - ReadmeExample: the first ```swift block under "## The library" in README.md, exactly as written;
#   - SharedIndex: 8 tasks searching one shared NoteIndex while a ninth saves notes.
# Slow (it builds the library again in its own .build): not part of CI.
# Usage: scripts/check-external-package.sh [WORK_DIR]   (default: a fresh temporary folder)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d /tmp/notes-fts-consumer.XXXXXX)}
identity=$(basename "$repo" | tr '[:upper:]' '[:lower:]')   # SwiftPM names a path dependency after its folder
mkdir -p "$work/Sources/ReadmeExample" "$work/Sources/SharedIndex" "$work/run/notes"

cat > "$work/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription

let strict: [SwiftSetting] = [.swiftLanguageMode(.v6), .unsafeFlags(["-warnings-as-errors"])]
let package = Package(
    name: "notes-fts-consumer",
    dependencies: [.package(path: "$repo")],
    targets: [
        .executableTarget(name: "ReadmeExample", dependencies: [.product(name: "NotesFTS", package: "$identity")],
                          swiftSettings: strict),
        .executableTarget(name: "SharedIndex", dependencies: [.product(name: "NotesFTS", package: "$identity")],
                          swiftSettings: strict),
    ]
)
SWIFT

# The README's first swift block under "## The library", as written.
awk '/^## The library/ { inside = 1 } inside && /^```swift/ { block = 1; next } block && /^```/ { exit } block { print }' \
    "$repo/README.md" > "$work/Sources/ReadmeExample/main.swift"
test -s "$work/Sources/ReadmeExample/main.swift" || { echo "no swift block under '## The library' in README.md" >&2; exit 2; }

cat > "$work/Sources/SharedIndex/main.swift" <<'SWIFT'
import Foundation
import NotesFTS

// One NoteIndex shared by 8 searching tasks while a ninth saves notes; any error or wrong count fails.
let path = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "shared.sqlite"
let index = try NoteIndex(path: path)
let writes = 500
for number in 0..<20 {
    try index.save(Note(path: "app://seed/\(number)", title: "Seed \(number)", body: "shared pantry list"))
}
let started = Date()
let totals = try await withThrowingTaskGroup(of: [Int].self) { group in
    group.addTask {
        for number in 0..<writes {
            try await index.save(Note(path: "app://new/\(number)", title: "New \(number)",
                                      body: "shared pantry item \(number)", tags: ["new"]))
        }
        return []
    }
    for task in 0..<8 {
        group.addTask {
            var seen: [Int] = []
            for round in 0..<100 {
                let page = try await index.searchPage("pantry", options: SearchOptions(limit: 10))
                guard page.results.count == min(10, page.total) else { throw CancellationError() }
                seen.append(page.total)
                if (task + round) % 3 == 0 { _ = try await index.search("item", options: SearchOptions(limit: 5)) }
            }
            return seen
        }
    }
    var all: [[Int]] = []
    for try await seen in group where !seen.isEmpty { all.append(seen) }
    return all
}
let final = try index.count("pantry")
let monotonic = totals.allSatisfy { zip($0, $0.dropFirst()).allSatisfy { $0 <= $1 } }
print("8 searching tasks, 1 writing: \(totals.count * 100) pages read, totals from \(totals.flatMap { $0 }.min() ?? 0)",
      "to \(totals.flatMap { $0 }.max() ?? 0), final \(final) (expected \(20 + writes)), monotonic \(monotonic),",
      String(format: "%.2fs", Date().timeIntervalSince(started)))
index.close()
if final != 20 + writes || !monotonic || totals.count != 8 { exit(1) }
SWIFT

cd "$work"
echo "building $work (Swift 6 language mode, warnings as errors)…"
swift build > build.log 2>&1 || { grep -E "error:|warning:" build.log | sort -u | head -30; tail -5 build.log; exit 1; }
grep -E "warning:" build.log && { echo "warnings (see $work/build.log)" >&2; exit 1; }
tail -1 build.log
bin=$(swift build --show-bin-path)
printf '# Pantry\nflour, milk, rice\n' > run/notes/pantry.md
cd run
echo "--- ReadmeExample"
"$bin/ReadmeExample"
echo "--- SharedIndex"
"$bin/SharedIndex" shared.sqlite
echo "ok: $work"
