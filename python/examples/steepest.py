"""The course's steepest descent ("gradiente descendente"), watched in sudoscope.

    sudoscope watch -- python3 python/examples/steepest.py --seed 3

The three lines that make it watchable are marked `# sudoscope`.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from course import FIXED, cost, neighbours, random_state, seed_from_arguments  # noqa: E402

try:
    from sudoscope import Trace  # sudoscope
except ImportError:
    # not installed (pip install sudoscope): the helper beside these examples
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from sudoscope import Trace


def gradient_descent(state, max_iterations=1000, trace=None):
    """Move to the best neighbour while it is strictly better; stop in a local minimum."""
    current = cost(state)
    for _ in range(max_iterations):
        if current == 0:
            return state, current, "solved"
        options = neighbours(state)
        costs = [cost(n) for n, _ in options]
        best = min(range(len(options)), key=costs.__getitem__)
        if costs[best] >= current:
            return state, current, "stuck"
        state, current = options[best][0], costs[best]
        if trace:
            trace.step(state, cost=current, accepted=True, move=options[best][1])  # sudoscope
    return state, current, "budget_spent"


if __name__ == "__main__":
    seed = seed_from_arguments()
    rng = random.Random(seed)
    start = random_state(rng)
    trace = Trace(FIXED, "gradiente descendente", params={"max_iterations": 1000},  # sudoscope
                  seed=seed, neighbourhood="course", start=start, name="sudoku_7")
    final, final_cost, outcome = gradient_descent(start, trace=trace)
    trace.end(outcome, cost=final_cost)  # sudoscope
