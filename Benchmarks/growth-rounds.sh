#!/bin/bash
# Issue 10, acceptance 4 (first sentence): ROUNDS rounds of "change PERCENT % of the notes, re-run
# notes-index" on a copy of CORPUS must leave the index at most 1.15x the size of a fresh build of the final
# notes, with `notes-index --check` passing. Also checks that a re-run with nothing changed (no-op) leaves
# the file the same size.
#
# Prints, after the first build, the no-op re-run and each round: the file size (MB; the -wal beside it, if
# any), pages, free pages, FTS5 segments, wall and CPU (user+sys) seconds of the notes-index process. Edits
# are seeded (Benchmarks/growth-edit.py): two runs change the same files the same way.
#
# --before DIR also keeps a second index of the same notes with DIR's notes-index (e.g. the binaries of the
# session's start), run right before or after the first one in each round (alternating), for before/after
# figures from one run; the verdict is about --bin's index. With --lock FILE, each step (both builds, or one
# round of both re-runs) holds that lock exclusively (the team's quiet lock), and only while it runs.
# --dbstat prints the space each table takes (SQLite's dbstat) after the first build and the last round.
#
#   Benchmarks/growth-rounds.sh [--bin DIR] [--before DIR] [--corpus DIR] [--work DIR] [--rounds N]
#                               [--percent P] [--seed S] [--lock FILE] [--dbstat] [--keep]
set -u
here=$(cd "$(dirname "$0")" && pwd)
bin=.build/release before="" corpus=/work/corpora/gen-100k work=/tmp/growth-rounds rounds=10 percent=1 seed=10
lock="" dbstat=0 keep=0
usage="usage: $0 [--bin DIR] [--before DIR] [--corpus DIR] [--work DIR] [--rounds N] [--percent P] [--seed S] [--lock FILE] [--dbstat] [--keep]"
while [ $# -gt 0 ]; do
    case $1 in
        --bin) bin=$2; shift 2 ;; --before) before=$2; shift 2 ;; --corpus) corpus=$2; shift 2 ;;
        --work) work=$2; shift 2 ;; --rounds) rounds=$2; shift 2 ;; --percent) percent=$2; shift 2 ;;
        --seed) seed=$2; shift 2 ;; --lock) lock=$2; shift 2 ;; --dbstat) dbstat=1; shift ;; --keep) keep=1; shift ;;
        *) echo "$usage" >&2; exit 2 ;;
    esac
done
bin=$(cd "$bin" && pwd)
[ -n "$before" ] && before=$(cd "$before" && pwd)
mkdir -p "$work"
notes=$work/notes
rm -rf "$notes"; rm -f "$work"/*.sqlite "$work"/*.sqlite-wal "$work"/*.sqlite-shm
cp -a "$corpus" "$notes"
# The indexes kept: "after" (--bin) and, with --before, "before".
labels=(after); bins=("$bin")
[ -n "$before" ] && { labels+=(before); bins+=("$before"); }

hold() { [ -n "$lock" ] && flock -x 9; }
release() { [ -n "$lock" ] && flock -u 9; }
[ -n "$lock" ] && exec 9>>"$lock"

# Runs notes-index from $1 on the index $2 (then the notes folder, or other arguments); sets `wall`, `cpu`.
timed_index() {
    local tool=$1/notes-index db=$2 out=$work/time.out; shift 2
    /usr/bin/time -f "%e %U %S" -o "$out" "$tool" -q --db "$db" "${@:-$notes}"
    local status=$?
    read -r wall user sys < <(tail -1 "$out")
    cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
    return $status
}

# Prints one row: step, index, size, -wal size, pages, free pages, FTS5 segments, wall, cpu.
row() {
    local step=$1 label=$2 file=$3 size wal pages free segments
    size=$(stat -c %s "$file")
    wal=$( [ -f "$file-wal" ] && stat -c %s "$file-wal" || echo 0)
    read -r pages free segments < <(sqlite3 -readonly "$file" \
        "SELECT (SELECT page_count FROM pragma_page_count), (SELECT freelist_count FROM pragma_freelist_count),
                (SELECT count(DISTINCT id >> 37) FROM notes_fts_data WHERE id >> 37 > 0)" | tr '|' ' ')
    printf "%-7s %-7s %9.1f %7.1f %8d %8d %8d %7s %7s\n" "$step" "$label" "$(echo "$size / 1048576" | bc -l)" \
        "$(echo "$wal / 1048576" | bc -l)" "$pages" "$free" "$segments" "$wall" "$cpu"
}

# Prints the space each table and index takes (dbstat), largest first.
space() {
    sqlite3 -readonly "$1" "SELECT printf('    %-28s %8.1f MB', name, sum(pgsize) / 1048576.0) FROM dbstat
        GROUP BY name ORDER BY sum(pgsize) DESC LIMIT 12"
}

# Runs step $1 on every kept index (order rotated by $2), then prints their rows; extra arguments go to
# notes-index instead of the notes folder.
step() {
    local name=$1 turn=$2 i k; shift 2
    local n=${#labels[@]} results=()
    hold
    for k in $(seq 0 $((n - 1))); do
        i=$(( (k + turn) % n ))
        timed_index "${bins[$i]}" "$work/${labels[$i]}.sqlite" "$@" || { release; echo "$name failed (${labels[$i]})" >&2; exit 2; }
        results[$i]="$wall $cpu"
    done
    release
    for i in $(seq 0 $((n - 1))); do
        read -r wall cpu <<< "${results[$i]}"
        row "$name" "${labels[$i]}" "$work/${labels[$i]}.sqlite"
    done
}

echo "corpus $corpus, $rounds rounds of $percent % edited notes (seed $seed); after: $bin${before:+; before: $before}"
printf "%-7s %-7s %9s %7s %8s %8s %8s %7s %7s\n" step index "size MB" "wal MB" pages "free" segments "wall s" "cpu s"
step build 0
[ $dbstat = 1 ] && for label in "${labels[@]}"; do echo "  $label:"; space "$work/$label.sqlite"; done
declare -A built
for label in "${labels[@]}"; do built[$label]=$(stat -c %s "$work/$label.sqlite"); done
step no-op 1
noop_growth=$(( $(stat -c %s "$work/after.sqlite") - ${built[after]} ))
for round in $(seq 1 "$rounds"); do
    python3 "$here/growth-edit.py" "$notes" "$percent" "$((seed * 1000 + round))" > /dev/null
    step "$round" "$round"
done
[ $dbstat = 1 ] && for label in "${labels[@]}"; do echo "  $label:"; space "$work/$label.sqlite"; done
# Fresh builds of the final notes, each by the same notes-index as the index it is compared with.
for label in "${labels[@]}"; do mv "$work/$label.sqlite" "$work/$label-rounds.sqlite"; done
step fresh 0
for label in "${labels[@]}"; do
    ratio=$(echo "$(stat -c %s "$work/$label-rounds.sqlite") / $(stat -c %s "$work/$label.sqlite")" | bc -l)
    printf "%s: after %d rounds %.3fx the fresh build\n" "$label" "$rounds" "$ratio"
    [ "$label" = after ] && final_ratio=$ratio
done
check=$("$bin/notes-index" --db "$work/after-rounds.sqlite" --check 2>&1); status=$?
echo "$check"
echo "no-op re-run grew the file by $noop_growth bytes"
[ $keep = 1 ] || rm -rf "$notes" "$work"/*.sqlite "$work"/*.sqlite-wal "$work"/*.sqlite-shm
if [ $status -eq 0 ] && [ "$(echo "$final_ratio <= 1.15" | bc)" = 1 ] && [ "$noop_growth" -le 0 ]; then
    echo PASS; exit 0
fi
echo FAIL; exit 1
