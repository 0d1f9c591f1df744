/// How notes-find prints results: blocks for people, paths for xargs, a count, or JSON Lines for programs.
enum OutputMode {
    case human, paths, count, json
}
