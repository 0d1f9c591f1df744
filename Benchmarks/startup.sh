#!/usr/bin/env bash
# startup.sh: issue 10 line 1, whole processes in one hyperfine run (commands interleaved): a query that
# matches nothing, `notes-find` against the sqlite3 shell answering the same MATCH (ranked top 20 with
# snippet()) on a plain-unicode61 external-content FTS5 table of the same notes; and `--version` of both.
#
# Usage: Benchmarks/startup.sh --db INDEX --after BIN [--before BIN] [--shell-db FILE] [--runs N] [--json OUT]
#   --db        an index built by notes-index (e.g. of 100,000 generated notes)
#   --after     folder holding the notes-find to measure (e.g. PREFIX/bin of scripts/install.sh PREFIX)
#   --before    another notes-find folder, measured in the same run (optional)
#   --shell-db  the shell's database (default INDEX.plain.sqlite; made from INDEX's notes when missing)
#   --runs      timed runs per command (default 100), after 10 warm-up runs
#   --json      keep hyperfine's JSON export there
# Prints a Markdown table: medians, user + sys CPU, and each ratio to the shell's command.
set -euo pipefail
db="" after="" before="" shell_db="" runs=100 json=""
while [ $# -gt 0 ]; do
  case $1 in
    --db) db=$2; shift 2 ;;
    --after) after=$2; shift 2 ;;
    --before) before=$2; shift 2 ;;
    --shell-db) shell_db=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --json) json=$2; shift 2 ;;
    -h|--help) sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "startup.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$db" ] && [ -f "$db" ] || { echo "startup.sh: --db INDEX is required and must exist" >&2; exit 2; }
[ -n "$after" ] && [ -x "$after/notes-find" ] || { echo "startup.sh: --after BIN must hold notes-find" >&2; exit 2; }
command -v hyperfine >/dev/null || { echo "startup.sh: needs hyperfine (apt-get install hyperfine)" >&2; exit 2; }
shell_db=${shell_db:-"$db.plain.sqlite"}
if [ ! -f "$shell_db" ]; then
  echo "startup.sh: making $shell_db from the notes of $db" >&2
  sqlite3 "$shell_db" "ATTACH '$db' AS source;
    CREATE TABLE notes AS SELECT id, path, title, body, tags FROM source.notes;
    CREATE VIRTUAL TABLE notes_fts USING fts5(title, body, tags, content='notes', content_rowid='id',
      tokenize='unicode61 remove_diacritics 2');
    INSERT INTO notes_fts(notes_fts) VALUES ('rebuild');"
fi
out=${json:-$(mktemp)}
query="SELECT n.path, n.title, snippet(notes_fts, 1, '[', ']', '…', 12) FROM notes_fts JOIN notes n ON n.id = notes_fts.rowid WHERE notes_fts MATCH 'quuxfrobnicate' ORDER BY rank LIMIT 20"
commands=("sqlite3 $shell_db \"$query\"")
[ -n "$before" ] && commands+=("$before/notes-find --db $db quuxfrobnicate")
commands+=("$after/notes-find --db $db quuxfrobnicate" "sqlite3 --version")
[ -n "$before" ] && commands+=("$before/notes-find --version")
commands+=("$after/notes-find --version")
hyperfine -N -i -w 10 -r "$runs" --export-json "$out" "${commands[@]}" >/dev/null 2>&1
python3 - "$out" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))["results"]
print("| command | median | user + sys | ratio |")
print("|---|---:|---:|---:|")
reference = None
for result in results:
    command = result["command"]
    if command.startswith("sqlite3"):
        reference = result["median"]
    shown = command if len(command) < 100 else command[:97] + "…"
    print(f"| `{shown}` | {result['median'] * 1000:.2f} ms | {result['user'] * 1000:.2f} + "
          f"{result['system'] * 1000:.2f} ms | {result['median'] / reference:.2f}× |")
PY
[ -n "$json" ] || rm -f "$out"
