#!/usr/bin/env bash
# Our 9x9 exact solver against tdoku on symmetric variants of the six reference sets of
# BENCHMARKS.md ("Against tdoku"): `sudoscope bench exact --variant V` and tdoku's harness
# (benches/tdoku_harness.cc, built as its header says) on the same puzzles, which
# `sudoscope puzzles --lines --variant V` writes. Each set is timed ROUNDS times, the two
# alternating, and each keeps its fastest mean; prints both and the ratio ours / tdoku.
#
#   benches/vs_tdoku.sh TDOKU_BENCH [VARIANT] [ROUNDS]
set -euo pipefail
tdoku=${1:?usage: benches/vs_tdoku.sh TDOKU_BENCH [VARIANT] [ROUNDS]}
tdoku=$(cd "$(dirname "$tdoku")" && pwd)/$(basename "$tdoku")
variant=${2:-1}
rounds=${3:-3}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cargo build --release --quiet
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sets="top95 top1465 forum1106 tests/data/tdoku17_first10000.txt.gz
      tests/data/serg_first10000.txt.gz tests/data/forum1905_first10000.txt.gz"
printf "%-24s %10s %10s %8s\n" set "ours µs" "tdoku µs" ratio
for set in $sets; do
    target/release/sudoscope puzzles --lines --variant "$variant" "$set" >"$work/lines.txt"
    ours=inf
    theirs=inf
    for _ in $(seq "$rounds"); do
        a=$(target/release/sudoscope bench exact --variant "$variant" --solver fastest \
            --puzzle "$set" | tail -n 1 | awk '{print $4}')
        b=$("$tdoku" "$work/lines.txt" | awk '{print $3}')
        ours=$(awk -v x="$ours" -v y="$a" 'BEGIN { print (x == "inf" || y < x) ? y : x }')
        theirs=$(awk -v x="$theirs" -v y="$b" 'BEGIN { print (x == "inf" || y < x) ? y : x }')
    done
    printf "%-24s %10.2f %10.2f %8.3f\n" "$(basename "$set" .txt.gz)" "$ours" "$theirs" \
        "$(awk -v x="$ours" -v y="$theirs" 'BEGIN { print x / y }')"
done
