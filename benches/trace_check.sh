#!/usr/bin/env bash
# How fast `sudoscope watch --check` reads a trace on one core (`taskset -c 0`: the reader thread
# and the replay share it): a 9x9 trace of 3,000,000 changed-cell lines and one of 1,000,000
# whole-board lines of sudoku_7 (givens kept), written once into a temporary directory.
# Usage: benches/trace_check.sh [BINARY] (default: this repository's target/release/sudoscope;
# give another build to compare).
set -euo pipefail
bin="${1:-$(cd "$(dirname "$0")/.." && pwd)/target/release/sudoscope}"
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 1; }
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import random, sys
d = sys.argv[1]
r = random.Random(1)
free = [1, 5, 7, 8, 12, 13]
givens = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
head = '{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"bench"}\n'
with open(d + "/changed.jsonl", "w") as f:
    f.write(head)
    for i in range(1, 3000001):
        f.write('{"step":%d,"changed":[[%d,%d]],"cost":%d}\n'
                % (i, r.choice(free), r.randint(1, 9), r.randint(0, 59)))
    f.write('{"end":"stuck"}\n')
with open(d + "/boards.jsonl", "w") as f:
    f.write(head)
    for i in range(1, 1000001):
        b = "".join(c if c != "." else str(r.randint(1, 9)) for c in givens)
        f.write('{"step":%d,"board":"%s","cost":%d}\n' % (i, b, r.randint(0, 59)))
    f.write('{"end":"stuck"}\n')
PY
for kind in changed boards; do
    start=$(date +%s.%N)
    steps=$(taskset -c 0 "$bin" watch --check "$dir/$kind.jsonl" | head -1 | sed -E 's/^[^:]*: ([0-9]+) steps.*/\1/')
    end=$(date +%s.%N)
    python3 -c "import sys; s, t = int(sys.argv[1]), float(sys.argv[3]) - float(sys.argv[2]); print('%s: %d steps in %.2f s, %.2f M steps/s' % (sys.argv[4], s, t, s / t / 1e6))" "$steps" "$start" "$end" "$kind"
done
