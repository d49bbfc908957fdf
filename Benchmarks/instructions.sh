#!/usr/bin/env bash
# Instruction counts per operation under valgrind's callgrind: repeatable whatever else the
# machine is doing (package-benchmark's `instructions` metric needs perf counters, which
# these machines do not expose). Each figure is (instructions for 3N iterations - for N) / 2N,
# so start-up (font loading, ICU data, building the session) cancels out. Keystrokes are
# those of the keystroke:<story> benchmark (a character typed in the middle, then removed).
#
#   Benchmarks/instructions.sh                 the story series the targets are read on
#   Benchmarks/instructions.sh story-spartan   the other series
#
# Slow (valgrind runs ~50x slower than native): about two minutes.
set -euo pipefail
cd "$(dirname "$0")"
series=${1:-story}
swift build -c release --product bench-driver >/dev/null
driver=.build/release/bench-driver

count() {  # op job iterations -> total instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" loop "$1" "$2" "$3" 2>&1 >/dev/null \
        | awk '/Collected :/ { print $4 }'
}

per_op() {  # op job n -> instructions per operation
    local a b
    a=$(count "$1" "$2" "$3")
    b=$(count "$1" "$2" $(($3 * 3)))
    echo $(((b - a) / ($3 * 2)))
}

declare -A fresh shape naive key
printf '%-20s %12s %12s %13s %12s %11s %11s %13s\n' \
    text fresh shape naive keystroke fresh/shape naive/fresh keystroke/shape
for length in 70 280 1100 2200 10000; do
    job=$(printf '%s-%05d' "$series" "$length")
    n=$(((2800 + length - 1) / length))
    fresh[$length]=$(per_op fresh "$job" "$n")
    shape[$length]=$(per_op shape "$job" "$n")
    naive[$length]=$(per_op naive "$job" "$n")
    key[$length]=$(per_op keystroke "$job" 100)
    awk -v j="$job" -v f="${fresh[$length]}" -v s="${shape[$length]}" -v v="${naive[$length]}" -v k="${key[$length]}" \
        'BEGIN { printf "%-20s %12d %12d %13d %12d %10.2fx %10.2fx %12.2fx\n", j, f, s, v, k, f / s, v / f, k / s }'
done
echo
awk -v f280="${fresh[280]}" -v s280="${shape[280]}" -v v280="${naive[280]}" -v f10k="${fresh[10000]}" \
    -v k280="${key[280]}" -v k2200="${key[2200]}" 'BEGIN {
    printf "targets, in instructions (%s):\n", "'"$series"'"
    printf "  fresh 280 / shape 280       %6.2fx  (target <= 2)\n", f280 / s280
    printf "  naive 280 / fresh 280       %6.2fx  (target >= 20)\n", v280 / f280
    printf "  fresh 10,000 / fresh 280    %6.2fx  (target <= 45; linear is 35.7)\n", f10k / f280
    printf "  keystroke 280 / shape 280   %6.2fx  (target <= 0.25)\n", k280 / s280
    printf "  keystroke 2,200 / 280       %6.2fx  (target <= 2)\n", k2200 / k280
}'
