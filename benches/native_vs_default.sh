#!/usr/bin/env bash
# The default build (`cargo build --release`, what `cargo install` makes: baseline x86-64 with the
# hot loops' x86-64-v3 copy chosen at run time) beside a build for this processor
# (`RUSTFLAGS="-C target-cpu=native"`), measured side by side: ROUNDS rounds of
# `sudoscope bench search` alternating the two builds, then the paired one-process-per-run
# comparison of benches/paired.sh. BENCHMARKS.md quotes "Portable build" from this.
#
#   benches/native_vs_default.sh [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-4}
cargo build --release --quiet
RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR=target/native cargo build --release --quiet
default=target/release/sudoscope
native=target/native/release/sudoscope
echo "processor: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
$default bench search --seconds 0.1 | head -1
for r in $(seq "$rounds"); do
    for b in default native; do
        bin=$default
        [ "$b" = native ] && bin=$native
        line=$("$bin" bench search --seconds 3 | grep -E 'tuned annealing|annealing \+ tabu' | sed -E 's/.*: ([0-9.]+) million.*/\1/' | paste -sd' ')
        echo "round $r  $b  tuned annealing / classic tabu, M proposals/s: $line"
    done
done
echo "paired runs (B = native, A = default):"
benches/paired.sh "$rounds" "$default" "$native"
