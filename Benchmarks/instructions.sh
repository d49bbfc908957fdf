#!/usr/bin/env bash
# Instruction counts per operation under valgrind's callgrind: repeatable whatever else the
# machine is doing (package-benchmark's `instructions` metric needs perf counters, which
# these machines do not expose). Only the operation itself is counted: bench-driver runs it
# inside `linefit_bench_measured`, and callgrind collects inside that function alone
# (--collect-atstart=no --toggle-collect); layouts and shapes run once unmeasured first, and
# keystrokes have their set-up, warm-up and undo steps outside the region. Figures are
# count / N. Hashing is made deterministic, so figures repeat exactly.
#
#   Benchmarks/instructions.sh              every figure of Benchmarks/README.md
#   Benchmarks/instructions.sh stories      fresh layout vs baselines on the story series
#   Benchmarks/instructions.sh samples      LineFit / one hb-ft shape per sample job
#   Benchmarks/instructions.sh keystrokes   the keystroke kinds at 280, 2,200 and 10,000 (and how
#                                           many edits changed lines from further back than one line)
#   Benchmarks/instructions.sh hinted       hinted vs linear layout of the 280 story
#   Benchmarks/instructions.sh variable     Roboto Flex: opsz-following and width-axis layouts vs linear
#
# DRIVER=path runs another build (e.g. of the commit a change started from); JOBS=n runs n
# valgrinds at once (default 3: valgrind is single-threaded, and the figures do not depend
# on the load).
set -euo pipefail
cd "$(dirname "$0")"
what=${1:-all}
if [ -z "${DRIVER:-}" ]; then
    swift build -c release --product bench-driver >/dev/null
    DRIVER=.build/release/bench-driver
fi
# valgrind 3.19 cannot read DWARF 5: run a copy without debug sections (symbols stay).
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
objcopy --strip-debug "$DRIVER" "$work/bench-driver"
export DRIVER="$work/bench-driver" SWIFT_DETERMINISTIC_HASHING=1 OUT="$work"

run() {  # "op job n" -> writes instructions per operation to $OUT/op@job
    set -- $1
    local total
    total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no \
        '--toggle-collect=*linefit_bench_measured*' "$DRIVER" loop "$1" "$2" "$3" 2>&1 >/dev/null \
        | awk '/Collected :/ { print $4 }')
    echo $((total / $3)) >"$OUT/$1@${2//\//_}"
}
export -f run
get() { cat "$OUT/$1@${2//\//_}"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

lengths=(280 2200 10000)
todo=()
if [ "$what" = all ] || [ "$what" = stories ]; then
    for length in 70 280 1100 2200 10000; do
        job=$(printf 'story-%05d' "$length"); n=$(((2800 + length - 1) / length))
        todo+=("fresh $job $n" "shape $job $n" "shape-ft $job $n" "naive $job $n")
    done
fi
if [ "$what" = all ] || [ "$what" = samples ]; then
    for file in Corpus/samples/*.json; do
        todo+=("fresh samples/$(basename "$file" .json) 5" "shape-ft samples/$(basename "$file" .json) 5")
    done
fi
if [ "$what" = all ] || [ "$what" = keystrokes ]; then
    for series in story story-spartan; do
        for length in "${lengths[@]}"; do
            job=$(printf '%s-%05d' "$series" "$length")
            todo+=("type $job 40" "paste $job 20" "delete-word $job 20" "alternate $job 100")
        done
    done
    todo+=("shape-ft story-00280 10")
fi
if [ "$what" = all ] || [ "$what" = hinted ]; then
    todo+=("fresh story-00280 10" "hinted story-00280 4" "hinted-cold story-00280 2")
fi
if [ "$what" = all ] || [ "$what" = variable ]; then
    for kind in linear opsz width-axis; do todo+=("variable-$kind variable/story-flex-00280 10"); done
fi
printf '%s\n' "${todo[@]}" | sort -u | xargs -P "${JOBS:-3}" -I{} bash -c 'run "{}"'

if [ "$what" = all ] || [ "$what" = stories ]; then
    echo "## Fresh layout vs baselines, story (instructions per operation)"
    echo '| text | fresh | shape hb-ot | shape hb-ft | naive | fresh/hb-ft | fresh/hb-ot | naive/fresh |'
    echo '|---|---:|---:|---:|---:|---:|---:|---:|'
    for length in 70 280 1100 2200 10000; do
        job=$(printf 'story-%05d' "$length")
        f=$(get fresh "$job"); s=$(get shape "$job"); t=$(get shape-ft "$job"); v=$(get naive "$job")
        echo "| $job | $f | $s | $t | $v | $(ratio "$f" "$t") | $(ratio "$f" "$s") | $(ratio "$v" "$f") |"
    done
    echo
fi
if [ "$what" = all ] || [ "$what" = samples ]; then
    echo "## Sample jobs: LineFit fresh layout / one hb-ft shape per font run (instructions)"
    echo '| job | fresh | hb-ft shapes | fresh/hb-ft |'
    echo '|---|---:|---:|---:|'
    for file in Corpus/samples/*.json; do
        job=samples/$(basename "$file" .json)
        f=$(get fresh "$job"); t=$(get shape-ft "$job")
        echo "| ${job#samples/} | $f | $t | $(ratio "$f" "$t") |"
    done | tee "$work/samples.md"
    awk -F'|' '{ print $5 + 0 }' "$work/samples.md" | sort -n | awk '{ a[NR] = $1 } END {
        m = NR % 2 ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2
        printf "\nmedian fresh/hb-ft over %d sample jobs: %.2f (target <= 2)\n\n", NR, m }'
fi
if [ "$what" = all ] || [ "$what" = keystrokes ]; then
    echo "## Keystrokes on EditorSession (instructions per keystroke)"
    echo '| text | type new text | paste 30 chars | delete a word | alternate (warm cache) | type / type@280 |'
    echo '|---|---:|---:|---:|---:|---:|'
    for series in story story-spartan; do
        base=
        for length in "${lengths[@]}"; do
            job=$(printf '%s-%05d' "$series" "$length")
            ty=$(get type "$job"); base=${base:-$ty}
            echo "| $job | $ty | $(get paste "$job") | $(get delete-word "$job") | $(get alternate "$job") | $(ratio "$ty" "$base") |"
        done
    done
    echo
    echo "type new text at 280 / one hb-ft shape of it: $(ratio "$(get type story-00280)" "$(get shape-ft story-00280)") (target <= 0.2)"
    echo
    # Not instructions: the same edits run natively, counting those that changed a line more
    # than one line before their own (the editor had to re-break from further back).
    echo "## Edits that changed lines from further back than the line before the edit"
    for series in story story-spartan; do
        for length in "${lengths[@]}"; do
            "$DRIVER" restarts "$(printf '%s-%05d' "$series" "$length")" 40 | grep ' edits ' | sed 's/^/- /'
        done
    done
    echo
fi
if [ "$what" = all ] || [ "$what" = hinted ]; then
    echo "## Hinted mode, story-00280"
    f=$(get fresh story-00280); h=$(get hinted story-00280); cold=$(get hinted-cold story-00280)
    echo "linear $f, hinted $h: $(ratio "$h" "$f")x (target <= 5); hinted with its fonts loaded afresh" \
        "(no cached sizes or advances) $cold: $(ratio "$cold" "$f")x"
fi
if [ "$what" = all ] || [ "$what" = variable ]; then
    echo "## Variable fonts, story-flex-00280 (Roboto Flex)"
    l=$(get variable-linear variable/story-flex-00280); o=$(get variable-opsz variable/story-flex-00280)
    w=$(get variable-width-axis variable/story-flex-00280)
    echo "linear $l, opsz following the size $o: $(ratio "$o" "$l")x (target <= 3); width-axis fill $w:" \
        "$(ratio "$w" "$l")x (target <= 2)"
fi
