#!/usr/bin/env bash
# Issue 8's two speed figures in instructions (callgrind; they repeat exactly, where the wall
# clock of `story-report` moves with the machine's load), p99 against p99 and minimum against
# minimum, one count per operation:
#   - a balanced + fill layout of the 280-unit story ÷ a greedy no-box layout (target ≤ 1.5×);
#     `story-report layouts N [greedy]`, N layouts on one engine after one unmeasured layout;
#   - a balanced keystroke ÷ a greedy keystroke, the story typed into an empty session, no box
#     (target ≤ 2×); `story-report keys [greedy]`, after one unmeasured replay.
# Only the operation is counted: story-report runs it inside `linefit_bench_measured`, and
# callgrind collects there alone and dumps after each call.
#
#   Benchmarks/story-instructions.sh            (~8 minutes)
#   STORY_REPORT=path Benchmarks/story-instructions.sh   another build (e.g. an earlier commit's)
set -euo pipefail
cd "$(dirname "$0")"
if [ -z "${STORY_REPORT:-}" ]; then
    swift build -c release --product story-report >/dev/null
    STORY_REPORT=.build/release/story-report
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind 3.19 cannot read DWARF 5: run a copy without debug sections (symbols stay).
objcopy --strip-debug "$STORY_REPORT" "$work/story-report"
export SWIFT_DETERMINISTIC_HASHING=1
# `--dump-after` takes one function's exact name (no pattern): the measured region's
# specialisation for the operation's result type (`EditResult`, `Layout`).
measured() { nm "$work/story-report" | grep -o "\S*linefit_bench_measured\S*$1V_\S*" | head -1; }
count() {  # NAME RESULT ARGS...: one instruction count per measured operation, in $work/NAME
    local name=$1 function
    function=$(measured "$2")
    [ -n "$function" ] || { echo "story-instructions: no measured region for $2 in $STORY_REPORT" >&2; exit 1; }
    shift 2
    mkdir -p "$work/$name.d"
    valgrind --tool=callgrind --collect-atstart=no '--toggle-collect=*linefit_bench_measured*' \
        "--dump-after=$function" --callgrind-out-file="$work/$name.d/cg.out" \
        "$work/story-report" "$@" >/dev/null 2>"$work/$name.log"
    grep -h '^summary:' "$work/$name.d"/cg.out.* | awk '{ print $2 }' >"$work/$name"
    rm -rf "$work/$name.d"
}
count fill Layout layouts 20
count greedy-layouts Layout layouts 20 greedy
count keys EditResult keys
count greedy-keys EditResult keys greedy
python3 - "$work" <<'PY'
import sys
work = sys.argv[1]
def counts(name):
    values = sorted(int(line) for line in open(f"{work}/{name}"))
    # The p99 as the other reports take it: the value at rank round(0.99 × (n − 1)).
    return values, values[round(0.99 * (len(values) - 1))], values[0]
for title, a, b, target in [
    ("balanced + fill layout of the 280-unit story vs greedy no box", "fill", "greedy-layouts", 1.5),
    ("balanced keystroke (typing the 280-unit story, no box) vs greedy keystroke", "keys", "greedy-keys", 2.0),
]:
    (va, pa, ma), (vb, pb, mb) = counts(a), counts(b)
    met = pa / pb <= target and ma / mb <= target
    print(f"{title} ({len(va)} and {len(vb)} operations): p99 {pa:,} vs {pb:,} = {pa / pb:.3f}×; "
          f"min {ma:,} vs {mb:,} = {ma / mb:.3f}× (target ≤ {target}×): {'met' if met else 'NOT MET'}")
PY
