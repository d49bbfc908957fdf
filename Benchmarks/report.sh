#!/usr/bin/env bash
# One command for the figures: builds the benchmark package in release, runs every suite
# (about a second per benchmark), exports package-benchmark's per-benchmark percentiles and
# prints LineFit's figures, the two baselines and the issue's targets as ratios of one run.
#
#   Benchmarks/report.sh                 all suites; keystroke suites as LINEFIT_EDITOR says
#   LINEFIT_EDITOR=proxy Benchmarks/report.sh    keystroke suites against the fresh-layout proxy
#   Benchmarks/report.sh --markdown      tables as Markdown (for README.md)
#   Benchmarks/report.sh --strict        exit 1 if a measured target is missed
#
# Wall clock is read on whatever else the machine is doing: run it on a quiet machine, and
# read the ratios (both sides of each are measured in the same run) rather than the times.
set -euo pipefail
cd "$(dirname "$0")"
out=out/report
rm -rf "$out"
mkdir -p "$out"
swift package --allow-writing-to-package-directory benchmark \
    --format histogramPercentiles --path "$out" --no-progress --quiet
python3 report.py "$out" "$@"
