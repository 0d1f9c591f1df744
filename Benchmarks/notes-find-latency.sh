#!/usr/bin/env bash
# notes-find-latency.sh: notes-find as a whole process (start, open the index, query, print) for a rare word.
#
# Usage: Benchmarks/notes-find-latency.sh --db INDEX [--word WORD] [--runs N]
#   --db     an index built by notes-index (e.g. the one notes-bench leaves in its --work folder)
#   --word   the query (default: a word in 3-8 notes, picked from the index with fts5vocab)
#   --runs   timed runs (default 50), after 3 warm-up runs
# Prints the median, p95 and min in ms (hyperfine when installed, else Benchmarks/time-runs.py).
# Issue 5, acceptance 4: p50 <= 15 ms on the 100,000-note index.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
db="" word="" runs=50
while [ $# -gt 0 ]; do
  case $1 in
    --db) db=$2; shift 2 ;;
    --word) word=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "notes-find-latency.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
[ -n "$db" ] || { echo "notes-find-latency.sh: give --db INDEX (see --help)" >&2; exit 2; }
find_bin="$root/.build/release/notes-find"
# The index's notes_fts uses the notes_cjk_v1 tokenizer: the sqlite3 shell needs the extension to read it.
ext="$root/.build/release/libNotesFTSExtension"
[ -f "$ext.so" ] || [ -f "$ext.dylib" ] || { echo "$(basename "$0"): $ext.so missing; run swift build -c release" >&2; exit 2; }
vocab_sql() { sqlite3 -readonly -cmd ".load $ext" "$@"; }
[ -x "$find_bin" ] || { echo "notes-find-latency.sh: $find_bin missing; run swift build -c release" >&2; exit 2; }
if [ -z "$word" ]; then
  word=$(vocab_sql "$db" "CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, notes_fts, row);
    SELECT term FROM temp.v WHERE doc BETWEEN 3 AND 8 AND length(term) >= 7 AND term NOT GLOB '*[^a-z]*'
    ORDER BY doc, term LIMIT 1;")
fi
notes=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes;")
hits=$("$find_bin" --db "$db" -c "$word" || true)
read -r median p95 min n < <("$here/median-ms.sh" "$runs" -- "$find_bin" --db "$db" --color never "$word")
echo "notes-find --db $db $word  ($notes notes, $hits matches, SQLite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores)"
echo "p50 ${median} ms, p95 ${p95} ms, min ${min} ms over ${n} runs"
awk -v m="$median" 'BEGIN { if (m <= 15) print "PASS: p50 <= 15 ms"; else print "FAIL: p50 > 15 ms" }'
