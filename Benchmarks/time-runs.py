#!/usr/bin/env python3
"""Times whole-process runs of a command, the fallback when hyperfine is not installed.

Usage: time-runs.py RUNS WARMUP -- COMMAND [ARGS...]
Prints one line: median_ms p95_ms min_ms runs. stdout/stderr of the command are discarded.
"""
import subprocess
import sys
import time

runs, warmup = int(sys.argv[1]), int(sys.argv[2])
command = sys.argv[sys.argv.index("--") + 1:]
for _ in range(warmup):
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
samples = []
for _ in range(runs):
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    samples.append((time.perf_counter() - start) * 1000)
samples.sort()
median = samples[len(samples) // 2] if len(samples) % 2 else (samples[len(samples) // 2 - 1] + samples[len(samples) // 2]) / 2
p95 = samples[min(len(samples) - 1, int(0.95 * len(samples) + 0.999) - 1)]
print(f"{median:.2f} {p95:.2f} {samples[0]:.2f} {len(samples)}")
