#!/usr/bin/env bash
# median-ms.sh RUNS -- COMMAND...: prints "median_ms p95_ms min_ms runs" for whole-process runs of COMMAND.
# Uses hyperfine when installed (3 warm-up runs, shell disabled), else Benchmarks/time-runs.py.
set -euo pipefail
runs=$1; shift; [ "$1" = "--" ] && shift
here=$(cd "$(dirname "$0")" && pwd)
if command -v hyperfine >/dev/null 2>&1; then
  json=$(mktemp)
  hyperfine --style none --shell=none --warmup 3 --runs "$runs" -i --export-json "$json" -- "$(printf '%q ' "$@")" >/dev/null
  python3 - "$json" <<'PY'
import json, sys
times = sorted(t * 1000 for t in json.load(open(sys.argv[1]))["results"][0]["times"])
n = len(times)
median = times[n // 2] if n % 2 else (times[n // 2 - 1] + times[n // 2]) / 2
p95 = times[min(n - 1, int(0.95 * n + 0.999) - 1)]
print(f"{median:.2f} {p95:.2f} {times[0]:.2f} {n}")
PY
  rm -f "$json"
else
  python3 "$here/time-runs.py" "$runs" 3 -- "$@"
fi
