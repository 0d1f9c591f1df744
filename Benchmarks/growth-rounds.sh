#!/bin/bash
# Issue 10, acceptance 4 (first sentence): ROUNDS rounds of "change PERCENT % of the notes, re-run
# notes-index" on a copy of CORPUS must leave the index at most 1.15x the size of a fresh build of the final
# notes, with `notes-index --check` passing. Also checks that a re-run with nothing changed leaves the file
# byte-for-byte the same size.
#
# Prints, after the first build, the no-op re-run and each round: the file size (MB, the -wal beside it if
# any), pages, free pages, FTS5 segments, wall and CPU (user+sys) seconds of the notes-index process. Edits
# are seeded (Benchmarks/growth-edit.py), so two runs change the same files the same way. With --lock FILE,
# each timed notes-index run holds that lock exclusively (the team's quiet lock), and only while it runs.
# With --dbstat, prints the space each table takes (SQLite's dbstat) after the first build and the last round.
#
#   Benchmarks/growth-rounds.sh [--bin DIR] [--corpus DIR] [--work DIR] [--rounds N] [--percent P]
#                               [--seed S] [--lock FILE] [--dbstat] [--keep]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=.build/release corpus=/work/corpora/gen-100k work=/tmp/growth-rounds rounds=10 percent=1 seed=10
lock="" dbstat=0 keep=0
while [ $# -gt 0 ]; do
    case $1 in
        --bin) bin=$2; shift 2 ;; --corpus) corpus=$2; shift 2 ;; --work) work=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;; --percent) percent=$2; shift 2 ;; --seed) seed=$2; shift 2 ;;
        --lock) lock=$2; shift 2 ;; --dbstat) dbstat=1; shift ;; --keep) keep=1; shift ;;
        *) echo "usage: $0 [--bin DIR] [--corpus DIR] [--work DIR] [--rounds N] [--percent P] [--seed S] [--lock FILE] [--dbstat] [--keep]" >&2
           exit 2 ;;
    esac
done
bin=$(cd "$bin" && pwd)
mkdir -p "$work"
notes=$work/notes db=$work/index.sqlite fresh=$work/fresh.sqlite
rm -rf "$notes"; rm -f "$db" "$db-wal" "$db-shm" "$fresh" "$fresh-wal" "$fresh-shm"
cp -a "$corpus" "$notes"

# Runs notes-index with its arguments (under the lock if one was given); sets `wall` and `cpu` (seconds).
timed_index() {
    local out=$work/time.out
    if [ -n "$lock" ]; then
        flock "$lock" /usr/bin/time -f "%e %U %S" -o "$out" "$bin/notes-index" -q "$@"
    else
        /usr/bin/time -f "%e %U %S" -o "$out" "$bin/notes-index" -q "$@"
    fi
    local status=$?
    read -r wall user sys < <(tail -1 "$out")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    return $status
}

# Prints one row: label, size, -wal size, pages, free pages, FTS5 segments, wall, cpu.
row() {
    local file=$1 label=$2
    local size wal
    size=$(stat -c %s "$file")
    wal=$( [ -f "$file-wal" ] && stat -c %s "$file-wal" || echo 0)
    read -r pages free segments < <(sqlite3 -readonly "$file" \
        "SELECT (SELECT page_count FROM pragma_page_count), (SELECT freelist_count FROM pragma_freelist_count),
                (SELECT count(DISTINCT id >> 37) FROM notes_fts_data WHERE id >> 37 > 0)" | tr '|' ' ')
    printf "%-10s %9.1f %8.1f %9d %9d %8d %8s %8s\n" "$label" "$(echo "$size / 1048576" | bc -l)" \
        "$(echo "$wal / 1048576" | bc -l)" "$pages" "$free" "$segments" "$wall" "$cpu"
}

# Prints the space each table and index takes (dbstat), largest first.
space() {
    sqlite3 -readonly "$1" "SELECT printf('  %-28s %8.1f MB', name, sum(pgsize) / 1048576.0) FROM dbstat
        GROUP BY name ORDER BY sum(pgsize) DESC LIMIT 12"
}

echo "corpus $corpus, $rounds rounds of $percent % edited notes (seed $seed), notes-index from $bin"
printf "%-10s %9s %8s %9s %9s %8s %8s %8s\n" round "size MB" "wal MB" pages "free" segments "wall s" "cpu s"
timed_index --db "$db" "$notes" || { echo "first build failed" >&2; exit 2; }
row "$db" build
[ $dbstat = 1 ] && space "$db"
before=$(stat -c %s "$db")
timed_index --db "$db" "$notes" || { echo "no-op re-run failed" >&2; exit 2; }
row "$db" no-op
noop_growth=$(( $(stat -c %s "$db") - before ))
for round in $(seq 1 "$rounds"); do
    python3 "$here/growth-edit.py" "$notes" "$percent" "$((seed * 1000 + round))" > /dev/null
    timed_index --db "$db" "$notes" || { echo "round $round failed" >&2; exit 2; }
    row "$db" "$round"
done
[ $dbstat = 1 ] && space "$db"
timed_index --db "$fresh" "$notes" || { echo "fresh build failed" >&2; exit 2; }
row "$fresh" fresh
check=$("$bin/notes-index" --db "$db" --check 2>&1); status=$?
echo "$check"
ratio=$(echo "$(stat -c %s "$db") / $(stat -c %s "$fresh")" | bc -l)
printf "after %d rounds: %.3fx the fresh build; no-op re-run grew the file by %d bytes\n" "$rounds" "$ratio" "$noop_growth"
[ $keep = 1 ] || rm -rf "$notes" "$fresh" "$fresh-wal" "$fresh-shm"
if [ $status -eq 0 ] && [ "$(echo "$ratio <= 1.15" | bc)" = 1 ] && [ "$noop_growth" -le 0 ]; then
    echo PASS; exit 0
fi
echo FAIL; exit 1
