#!/usr/bin/env bash
# sort-vs-rank.sh: `notes-find --sort modified WORD -n 10` against the same query ranked by relevance,
# for a common word (~30% of notes), on a generated 20,000-note corpus (issue 3, acceptance 4: at most 3x).
#
# Usage: Benchmarks/sort-vs-rank.sh [--corpus DIR] [--work DIR] [--count N] [--runs N]
#   --corpus  corpus folder (default /tmp/notes-bench-corpus-20k; generated with notes-bench when missing)
#   --work    where the index goes (default /tmp/notes-bench-sort-vs-rank)
#   --count   notes to generate (default 20000)
#   --runs    timed runs per command (default 30), after 3 warm-up runs
# Needs `swift build -c release` first. Prints both medians and the ratio.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
count=20000 runs=30 corpus="" work=/tmp/notes-bench-sort-vs-rank
while [ $# -gt 0 ]; do
  case $1 in
    --corpus) corpus=$2; shift 2 ;;
    --work) work=$2; shift 2 ;;
    --count) count=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "sort-vs-rank.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
corpus=${corpus:-/tmp/notes-bench-corpus-$((count / 1000))k}
bin="$root/.build/release"
# The index's notes_fts uses the notes_cjk_v1 tokenizer: the sqlite3 shell needs the extension to read it.
ext="$root/.build/release/libNotesFTSExtension"
[ -f "$ext.so" ] || [ -f "$ext.dylib" ] || { echo "$(basename "$0"): $ext.so missing; run swift build -c release" >&2; exit 2; }
vocab_sql() { sqlite3 -readonly -cmd ".load $ext" "$@"; }
for tool in notes-bench notes-index notes-find; do
  [ -x "$bin/$tool" ] || { echo "sort-vs-rank.sh: $bin/$tool missing; run swift build -c release" >&2; exit 2; }
done
"$bin/notes-bench" --generate "$count" --out "$corpus" --generate-only
mkdir -p "$work"
db="$work/index.sqlite"
"$bin/notes-index" --quiet --db "$db" "$corpus"
notes=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes;")
word=$(vocab_sql "$db" "CREATE VIRTUAL TABLE temp.v USING fts5vocab(main, notes_fts, row);
  SELECT term FROM temp.v WHERE length(term) >= 4 AND term NOT GLOB '*[^a-z]*'
  ORDER BY abs(doc - $notes * 0.3), term LIMIT 1;")
matches=$("$bin/notes-find" --db "$db" -c "$word" || true)
read -r rank_ms rank_p95 _ n < <("$here/median-ms.sh" "$runs" -- "$bin/notes-find" --db "$db" --color never -n 10 "$word")
read -r sort_ms sort_p95 _ _ < <("$here/median-ms.sh" "$runs" -- "$bin/notes-find" --db "$db" --color never --sort modified -n 10 "$word")
echo "corpus: $notes notes ($corpus), word '$word' in $matches notes, SQLite $(sqlite3 --version | cut -d' ' -f1), $(nproc) cores, $n runs"
echo "| command | p50 ms | p95 ms |"
echo "|---|---:|---:|"
echo "| notes-find -n 10 $word | $rank_ms | $rank_p95 |"
echo "| notes-find --sort modified -n 10 $word | $sort_ms | $sort_p95 |"
awk -v s="$sort_ms" -v r="$rank_ms" 'BEGIN { ratio = s / r; printf "sort modified / ranked = %.2fx: %s\n", ratio, (ratio <= 3 ? "PASS (<= 3x)" : "FAIL (> 3x)") }'
