#!/usr/bin/env bash
# The batch figure: `linefit batch` (release) over the generated 1,000-job input (Strong,
# 1080x1920 PNG), with one worker and with every core, RUNS times each (default 3); prints
# the minimum wall time of each, stories per second and the ratio.
#
#   Benchmarks/Batch/run.sh [RUNS] [COUNT] [--captions]
#
# --captions draws the jobs from Corpus/captions/captions.json (see make_jobs.py).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$here/../.."
command -v swift >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
runs="${1:-3}"
count="${2:-1000}"
source_flag="${3:-}"
swift build -c release --package-path "$root" --product linefit -q >&2
linefit="$root/.build/release/linefit"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
python3 "$here/make_jobs.py" --count "$count" --out "$work/out" $source_flag > "$work/jobs.jsonl"
cores="$(nproc)"

best() {  # best WORKERS: minimum seconds over $runs runs
  local workers="$1" min="" start end t
  for _ in $(seq "$runs"); do
    rm -rf "$work/out"
    start="$(date +%s.%N)"
    /usr/bin/time -f "%U %S" -o "$work/cpu-$workers.txt" -a \
      "$linefit" batch "$work/jobs.jsonl" --jobs "$workers" --no-progress > "$work/results.jsonl" 2> "$work/summary.txt"
    end="$(date +%s.%N)"
    t="$(echo "$end - $start" | bc -l)"
    grep -q "$count ok, 0 failed" "$work/summary.txt" || { cat "$work/summary.txt" >&2; exit 1; }
    if [ -z "$min" ] || [ "$(echo "$t < $min" | bc -l)" = 1 ]; then min="$t"; fi
  done
  echo "$min"
}

one="$(best 1)"
all="$(best "$cores")"
bytes="$(du -sb "$work/out" | cut -f1)"
printf 'jobs %d, %d cores, minimum of %d runs\n' "$count" "$cores" "$runs"
printf '1 worker:   %7.2f s  %6.1f stories/s\n' "$one" "$(echo "$count / $one" | bc -l)"
printf '%d workers:  %7.2f s  %6.1f stories/s  (%.2fx one worker)\n' "$cores" "$all" "$(echo "$count / $all" | bc -l)" "$(echo "$one / $all" | bc -l)"
# CPU seconds (user + system) of the cheapest run of each: what a loaded machine does not
# inflate, so jobs / CPU seconds is the one-core rate this machine would give when quiet.
cpu1="$(awk '{print $1 + $2}' "$work/cpu-1.txt" | sort -n | head -1)"
cpuN="$(awk '{print $1 + $2}' "$work/cpu-$cores.txt" | sort -n | head -1)"
printf 'CPU: %.2f s with 1 worker (%.1f ms a story), %.2f s with %d\n' "$cpu1" "$(echo "$cpu1 * 1000 / $count" | bc -l)" "$cpuN" "$cores"
printf 'pictures: %d bytes, %.1f KB each\n' "$bytes" "$(echo "$bytes / $count / 1024" | bc -l)"
printf 'load average when done: %s\n' "$(cut -d' ' -f1-3 /proc/loadavg)"
