#!/usr/bin/env bash
# CI smoke test for the benchmarks: builds the benchmark package (release), runs every suite
# for a short pass (LINEFIT_BENCH_SMOKE=1: 3 warm-up and at most 25 measured iterations, or
# 150 ms, per benchmark) and checks each benchmark's malloc count per operation (p90, a
# deterministic metric) against the committed thresholds in Thresholds/, with the 5%
# tolerance set in LineFitBenchmarks.swift. Wall clock is not gated: it is not repeatable on
# a shared machine.
#
#   Benchmarks/smoke.sh            check (exit 0 when equal or better, 1 on a regression)
#   Benchmarks/smoke.sh --update   rewrite Thresholds/ from this build, then commit them
#
# Keystroke suites are checked once they are built (LINEFIT_EDITOR=session) and have
# threshold files; the proxy's figures are never committed as thresholds.
set -euo pipefail
cd "$(dirname "$0")"
export LINEFIT_BENCH_SMOKE=1

if [ "${1:-}" = "--update" ]; then
    if [ "${LINEFIT_EDITOR:-}" = "proxy" ]; then
        echo "smoke.sh: not writing thresholds for the proxy keystroke suites (unset LINEFIT_EDITOR)" >&2
        exit 1
    fi
    rm -f Thresholds/*.json
    swift package --allow-writing-to-package-directory benchmark thresholds update \
        --path "$PWD/Thresholds" --no-progress
    echo "smoke.sh: thresholds written to Benchmarks/Thresholds; review and commit them"
    exit 0
fi

# swift package turns the tool's exit codes (2 worse, 4 better) into 1: read its verdict.
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift package benchmark thresholds check --path "$PWD/Thresholds" --no-progress 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
set -e
if grep -q "is EQUAL to the defined thresholds" "$log" && [ "$status" -eq 0 ]; then
    echo "smoke.sh: malloc counts equal to the committed thresholds"
    exit 0
elif grep -q "is WORSE than the defined thresholds" "$log"; then
    echo "smoke.sh: FAILED: malloc counts regressed past the committed thresholds (table above)"
    exit 1
elif grep -q "is BETTER than the defined thresholds" "$log"; then
    echo "smoke.sh: malloc counts better than the committed thresholds: run Benchmarks/smoke.sh --update and commit"
    exit 0
fi
echo "smoke.sh: FAILED: the benchmark run did not finish (exit $status)"
exit 1
