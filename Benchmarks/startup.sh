#!/usr/bin/env bash
# Start-up of `linefit hello` against a Swift hello world that imports Foundation (issue 10:
# ≤ 1.5×, peak RSS ≤ 25 MB), all in one run so both meet the same machine load.
#
#   Benchmarks/startup.sh [RUNS] [LINEFIT]
#
# RUNS: hyperfine runs (default 50). LINEFIT: the binary to measure (default: a fresh release
# build of this checkout). Prints callgrind instruction counts (deterministic: the figure to
# trust on a busy machine), hyperfine's wall clock, and peak RSS.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${1:-50}"
command -v swiftc >/dev/null 2>&1 || export PATH="/opt/swift/usr/bin:$PATH"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if [[ $# -ge 2 ]]; then
    linefit="$2"
else
    swift build --package-path "$here" -c release --product linefit -q >&2
    linefit="$here/.build/release/linefit"
fi
# valgrind 3.19 cannot read DWARF 5: measure copies without debug information.
objcopy --strip-debug "$linefit" "$work/linefit"
printf 'import Foundation\nprint("hello")\n' > "$work/hello.swift"
swiftc -O "$work/hello.swift" -o "$work/hello-full" 2>/dev/null
objcopy --strip-debug "$work/hello-full" "$work/hello"

instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$@" >/dev/null 2>"$work/vg.err"
    sed -n 's/^==[0-9]*== Collected : //p' "$work/vg.err"
}
echo "== callgrind instructions (start to exit)"
hello_ir=$(instructions "$work/hello")
linefit_ir=$(instructions "$work/linefit" hello)
echo "hello world:    $hello_ir"
echo "linefit hello:  $linefit_ir"
awk -v a="$linefit_ir" -v b="$hello_ir" 'BEGIN { printf "ratio: %.2fx (target 1.5x)\n", a / b }'

echo "== peak RSS (KB, 3 runs each)"
for program in hello linefit; do
    args=(); [[ $program == linefit ]] && args=(hello)
    printf '%s:' "$program"
    for _ in 1 2 3; do printf ' %s' "$(/usr/bin/time -f %M "$work/$program" "${args[@]}" 2>&1 >/dev/null)"; done
    echo
done

if command -v hyperfine >/dev/null 2>&1; then
    echo "== hyperfine -N --warmup 5 --runs $runs (load: $(cut -d' ' -f1-3 /proc/loadavg))"
    hyperfine -N --warmup 5 --runs "$runs" "$work/hello" "$work/linefit hello"
fi
