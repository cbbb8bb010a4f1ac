#!/usr/bin/env bash
# The viewer's peak resident memory (VmHWM) while a hostile command floods it: `sudoscope watch
# ARGS` in a tmux pane of 120x40 for SECONDS, then the peak read from /proc and the viewer quit.
# Run from the repository after `cargo build --release`; needs tmux and python3.
# Usage: benches/flood_peak.sh SECONDS WATCH-ARGS...
# e.g.   benches/flood_peak.sh 8 --speed max -- python3 tests/hostile/print_flood.py M header
set -euo pipefail
seconds="$1"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="$root/target/release/sudoscope"
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 1; }
socket="flood-peak-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
cd "$root"
tmux -L "$socket" new-session -d -s b -x 120 -y 40 "exec $bin watch $*"
pid="$(tmux -L "$socket" display-message -p -t b '#{pane_pid}')"
sleep "$seconds"
peak="$(awk '/VmHWM/ {print $2}' "/proc/$pid/status")"
tmux -L "$socket" send-keys -t b q
echo "peak ${peak} KiB ($((peak / 1024)) MB) after ${seconds} s: watch $*"
