#!/usr/bin/env bash
# CPU a paused visualiser uses: `sudoscope tui --paused` in a tmux pane of 120x40 for SECONDS
# (default 30), its user + system time read from /proc before and after. Run from the repository
# after `cargo build --release`; needs tmux. Usage: benches/paused_cpu.sh [SECONDS] [-- TUI FLAGS]
set -euo pipefail
seconds="${1:-30}"
shift || true
[ "${1:-}" = "--" ] && shift
bin="$(cd "$(dirname "$0")/.." && pwd)/target/release/sudoscope"
[ -x "$bin" ] || { echo "build first: cargo build --release" >&2; exit 1; }
socket="paused-cpu-$$"
tmux -L "$socket" new-session -d -s b -x 120 -y 40 "$bin tui --paused $*"
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
sleep 2
shell="$(tmux -L "$socket" display-message -p -t b '#{pane_pid}')"
pid="$(pgrep -P "$shell" | head -1 || true)"
[ -n "$pid" ] || pid="$shell"
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hz="$(getconf CLK_TCK)"
before="$(ticks)"
sleep "$seconds"
after="$(ticks)"
awk -v a="$after" -v b="$before" -v hz="$hz" -v s="$seconds" \
    'BEGIN { printf "paused for %d s: %.2f s of CPU, %.2f%% of one core\n", s, (a - b) / hz, 100 * (a - b) / hz / s }'
