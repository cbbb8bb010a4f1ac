"""The course's stochastic descent ("gradiente descendente estocástico"), watched in sudoscope;
with --plateau, the variant that also takes sideways moves ("mesetas").

    sudoscope watch -- python3 python/examples/stochastic.py --seed 3
    sudoscope watch -- python3 python/examples/stochastic.py --plateau --seed 3

Each step takes a neighbour chosen at random among those strictly better (or, with --plateau,
those at least as good); the run stops in a state with none. The lines that make it watchable
are marked `# sudoscope`.
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


def stochastic_descent(state, rng, plateau=False, max_iterations=1000, trace=None):
    """Move to a random better neighbour (or as good, on a plateau) while there is one."""
    current = cost(state)
    for _ in range(max_iterations):
        if current == 0:
            return state, current, "solved"
        options = []
        for candidate, words in neighbours(state):
            c = cost(candidate)
            if c < current or (plateau and c == current):
                options.append((candidate, c, words))
        if not options:
            return state, current, "stuck"
        state, current, words = rng.choice(options)
        if trace:
            trace.step(state, cost=current, accepted=True, move=words)  # sudoscope
    return state, current, "budget_spent"


if __name__ == "__main__":
    seed = seed_from_arguments()
    plateau = "--plateau" in sys.argv[1:]
    rng = random.Random(seed)
    start = random_state(rng)
    name = "gradiente estocástico con mesetas" if plateau else "gradiente estocástico"
    trace = Trace(FIXED, name, params={"max_iterations": 1000},  # sudoscope
                  seed=seed, neighbourhood="course", start=start, name="sudoku_7")
    final, final_cost, outcome = stochastic_descent(start, rng, plateau=plateau, trace=trace)
    trace.end(outcome, cost=final_cost)  # sudoscope
