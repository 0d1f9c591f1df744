#!/bin/bash
# Issue 12, acceptance 4: kill a first build at random points, ROUNDS times; after each kill the index must
# pass `notes-index --check` and hold at least the notes that were committed more than 5 s before the kill
# (sampled once a second from another connection); each next run continues the build, and the last one,
# left to finish, must end with every note of the corpus.
#
# With --fresh, every round starts a new first build in an empty index and, after the kill and the check,
# re-runs it to the end and checks the count (each kill then lands somewhere in a whole first build).
#
# EXPECTED_NOTES overrides the expected count (default: the .md, .txt and .json files, one note each).
#   Benchmarks/kill-first-build.sh [--bin DIR] [--corpus DIR] [--work DIR] [--rounds N] [--max-seconds S] [--fresh]
set -u
bin=.build/release corpus=/tmp/corpus-100k work=/tmp/kill-first-build rounds=10 max=30 fresh=0
while [ $# -gt 0 ]; do
    case $1 in
        --bin) bin=$2; shift 2 ;; --corpus) corpus=$2; shift 2 ;; --work) work=$2; shift 2 ;;
        --rounds) rounds=$2; shift 2 ;; --max-seconds) max=$2; shift 2 ;; --fresh) fresh=1; shift ;;
        *) echo "usage: $0 [--bin DIR] [--corpus DIR] [--work DIR] [--rounds N] [--max-seconds S] [--fresh]" >&2; exit 2 ;;
    esac
done
mkdir -p "$work"; db=$work/index.sqlite; rm -f "$db" "$db-wal" "$db-shm"
expected=${EXPECTED_NOTES:-$(find "$corpus" -type f \( -name "*.md" -o -name "*.txt" -o -name "*.json" \) | wc -l)}
failures=0
for round in $(seq 1 "$rounds"); do
    [ $fresh -eq 1 ] && rm -f "$db" "$db-wal" "$db-shm"
    delay=$(awk -v seed="$RANDOM" -v max="$max" 'BEGIN { srand(seed); printf "%.1f", 3 + rand() * (max - 3) }')
    "$bin/notes-index" -q --db "$db" "$corpus" & pid=$!
    : > "$work/samples"
    start=$(date +%s.%N)
    while kill -0 $pid 2>/dev/null; do
        now=$(date +%s.%N)
        if awk -v n="$now" -v s="$start" -v d="$delay" 'BEGIN { exit !(n - s >= d) }'; then
            kill -9 $pid; break
        fi
        count=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes" 2>/dev/null || echo 0)
        echo "$(date +%s.%N) $count" >> "$work/samples"
        sleep 1
    done
    killed=$(date +%s.%N); wait $pid 2>/dev/null
    before=$(awk -v k="$killed" '$1 <= k - 5 && $2 > m { m = $2 } END { print m + 0 }' "$work/samples")
    after=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes")
    check=$("$bin/notes-index" --db "$db" --check 2>&1); status=$?
    verdict=ok
    if [ $status -ne 0 ] || [ "$after" -lt "$before" ]; then verdict=FAIL; failures=$((failures + 1)); fi
    echo "round $round: killed after ${delay}s; notes committed >5 s before the kill: $before; after the kill: $after; --check exit $status: ${check%%(*}; $verdict"
    if [ $fresh -eq 1 ]; then
        "$bin/notes-index" -q --db "$db" "$corpus"; rerun=$?
        count=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes")
        "$bin/notes-index" --db "$db" --check >/dev/null 2>&1; rechecked=$?
        verdict=ok
        if [ $rerun -ne 0 ] || [ "$count" -ne "$expected" ] || [ $rechecked -ne 0 ]; then verdict=FAIL; failures=$((failures + 1)); fi
        echo "round $round: re-run exit $rerun; $count notes (expected: $expected); --check exit $rechecked; $verdict"
    fi
done
"$bin/notes-index" -q --db "$db" "$corpus"; status=$?
final=$(sqlite3 -readonly "$db" "SELECT count(*) FROM notes")
mark=$(sqlite3 -readonly "$db" "SELECT count(*) FROM meta WHERE key = 'first_build'")
check=$("$bin/notes-index" --db "$db" --check 2>&1); checked=$?
echo "final run: exit $status; $final notes (expected: $expected); unfinished mark: $mark; --check exit $checked: ${check%%(*}"
[ $failures -eq 0 ] && [ $status -eq 0 ] && [ "$final" -eq "$expected" ] && [ "$mark" -eq 0 ] && [ $checked -eq 0 ] \
    && echo "PASS" || { echo "FAIL"; exit 1; }
