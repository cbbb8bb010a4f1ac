#!/usr/bin/env bash
# Paired throughput runs of two builds of sudoscope, one process per run, the order alternating:
# tuned annealing on top95:1 for 3 million proposals (singles propagation, `--set propagate=1`, as
# every earlier figure was measured), seeds 1-8, ROUNDS rounds. Prints the median
# (and mean) ratio B/A of the proposals per second of the two builds over the (round, seed) pairs,
# and each build's median rate. BENCHMARKS.md quotes its "paired runs" from this.
#
#   benches/paired.sh ROUNDS path/to/build-A path/to/build-B
set -euo pipefail
if [ $# -ne 3 ]; then
    echo "usage: $0 ROUNDS BUILD_A BUILD_B" >&2
    exit 2
fi
rounds=$1
a=$2
b=$3
rate() {
    local out steps seconds
    out=$("$1" solve -p top95:1 -a annealing --preset tuned --set propagate=1 --seed "$2" \
        --max-steps 3000000 -f json)
    steps=$(grep -o '"steps":[0-9]*' <<<"$out" | cut -d: -f2)
    seconds=$(grep -o '"seconds":[0-9.eE+-]*' <<<"$out" | cut -d: -f2)
    awk -v n="$steps" -v t="$seconds" 'BEGIN { printf "%.4f\n", n / t / 1e6 }'
}
for r in $(seq "$rounds"); do
    for s in 1 2 3 4 5 6 7 8; do
        if [ $(((r + s) % 2)) = 0 ]; then
            ra=$(rate "$a" "$s")
            rb=$(rate "$b" "$s")
        else
            rb=$(rate "$b" "$s")
            ra=$(rate "$a" "$s")
        fi
        echo "$ra $rb"
    done
done | awk '
    function median(v, n,   i, j, t) {
        for (i = 2; i <= n; i++) for (j = i; j > 1 && v[j - 1] > v[j]; j--) { t = v[j]; v[j] = v[j - 1]; v[j - 1] = t }
        return n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
    }
    { n++; ra[n] = $1; rb[n] = $2; q[n] = $2 / $1; sum += q[n]; above += q[n] > 1 }
    END {
        printf "B/A median ratio %.3f  mean %.3f  (%d pairs, %d%% above 1)\n", median(q, n), sum / n, n, 100 * above / n
        printf "A median %.1f M/s   B median %.1f M/s\n", median(ra, n), median(rb, n)
    }'
