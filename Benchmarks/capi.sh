#!/usr/bin/env bash
# A fresh layout through the C API against the same layout from Swift (issue 10's target:
# C ≤ 1.1× Swift, not counting copying results out; the copy reported on its own).
#
#   Benchmarks/capi.sh [JOB]        default story-00280 (280 characters, Noto Sans, 32-220 pt)
#
# Release builds of libLineFitC.so (the package's LineFitC product) and of bench-driver, which
# dlopens the library and calls it through C function pointers, in the same process as the
# Swift layouts. Prints wall clock (minimum of blocks, interleaved) and callgrind instruction
# counts per operation ((3N − N) / 2N iterations, so set-up cancels out), which repeat exactly
# on a shared machine. About two minutes after the builds.
set -euo pipefail
cd "$(dirname "$0")"
job=${1:-story-00280}
(cd .. && swift build -c release --product LineFitC >/dev/null)
swift build -c release --product bench-driver >/dev/null
library="$(cd .. && swift build -c release --show-bin-path)/libLineFitC.so"
driver=.build/release/bench-driver

echo "== wall clock"
"$driver" capi "$library" "$job" 300

count() {  # variant iterations -> total instructions
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$driver" capi-loop "$1" "$library" "$job" "$2" 2>&1 >/dev/null \
        | awk '/Collected :/ { print $4 }'
}
per_op() {
    local a b
    a=$(count "$1" 20)
    b=$(count "$1" 60)
    echo $(((b - a) / 40))
}
echo "== instructions per operation (callgrind)"
swift_ops=$(per_op swift)
c_ops=$(per_op c)
copy_ops=$(per_op c-copy)
awk -v s="$swift_ops" -v c="$c_ops" -v k="$copy_ops" 'BEGIN {
    printf "  Swift LayoutEngine.layout            %10d\n", s
    printf "  C linefit_layout_create + _destroy   %10d   %.3fx Swift (target <= 1.1)\n", c, c / s
    printf "  C, copying every record out          %10d   copy alone %d (%.1f%% of a layout)\n", k, k - c, 100 * (k - c) / s
}'
