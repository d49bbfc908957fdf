#!/usr/bin/env bash
# Instruction counts per operation under valgrind's callgrind: repeatable whatever else the
# machine is doing (package-benchmark's `instructions` metric needs perf counters, which
# these machines do not expose). Each figure is (instructions for 3N iterations - for N) / 2N,
# so start-up (font loading, ICU data) cancels out.
#
#   Benchmarks/instructions.sh                 the story texts of the targets
#   Benchmarks/instructions.sh story-spartan   the other series
#
# Slow (valgrind runs ~50x slower): about two minutes.
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

printf '%-22s %14s %14s %14s %12s %12s\n' text fresh shape naive fresh/shape naive/fresh
declare -A fresh
for length in 70 280 1100 2200 10000; do
    job=$(printf '%s-%05d' "$series" "$length")
    n=$(((2800 + length - 1) / length))
    f=$(per_op fresh "$job" "$n")
    s=$(per_op shape "$job" "$n")
    v=$(per_op naive "$job" "$n")
    fresh[$length]=$f
    awk -v j="$job" -v f="$f" -v s="$s" -v v="$v" \
        'BEGIN { printf "%-22s %14d %14d %14d %11.2fx %11.2fx\n", j, f, s, v, f / s, v / f }'
done
awk -v a="${fresh[10000]}" -v b="${fresh[280]}" \
    'BEGIN { printf "fresh 10,000 / fresh 280: %.1fx (linear would be 35.7x; target <= 45x)\n", a / b }'
