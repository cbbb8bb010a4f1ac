#!/usr/bin/env bash
# Whole process, reading and printing included: `sudoscope solve FILE --format lines` against the
# smallest harness around the `sudoku` crate (examples/peer_lines.rs), on 14,650 puzzles: ten
# symmetric variants (seeds 1-10) of magictour top1465. Both find each solution and prove it
# unique. Also times `sudoscope puzzles --lines FILE` alone: reading and printing without
# solving. Needs hyperfine. BENCHMARKS.md quotes its figures.
#
#   benches/whole_process.sh [RUNS]
set -euo pipefail
runs=${1:-20}
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
command -v hyperfine >/dev/null || { echo "whole_process.sh: hyperfine is required" >&2; exit 2; }
cargo build --release --quiet
cargo build --release --quiet --example peer_lines
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for v in $(seq 10); do
    target/release/sudoscope puzzles --lines --variant "$v" top1465
done >"$work/puzzles.txt"
echo "$(wc -l <"$work/puzzles.txt") puzzles"
hyperfine --warmup 2 --runs "$runs" \
    "target/release/sudoscope solve $work/puzzles.txt --format lines > /dev/null" \
    "target/release/examples/peer_lines < $work/puzzles.txt > /dev/null" \
    "target/release/sudoscope puzzles --lines $work/puzzles.txt > /dev/null"
