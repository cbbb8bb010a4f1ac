"""The course's simulated annealing, watched in sudoscope.

    sudoscope watch -- python3 python/examples/annealing.py --seed 3
    sudoscope watch --race annealing -- python3 python/examples/annealing.py

Neighbours in random order, the first that is downhill or passes exp(-delta / T) is taken, and T
cools by a factor after each move taken; the run stops when a whole pass takes nothing. The
lines that make it watchable are marked `# sudoscope`.
"""

import math
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


def simulated_annealing(state, rng, t0=0.01, cooling=0.1, max_moves=1000, trace=None):
    temperature = t0
    current = cost(state)
    best, best_cost = state, current
    for _ in range(max_moves):
        if current == 0:
            return state, 0.0, "solved"
        options = neighbours(state)
        rng.shuffle(options)
        taken = False
        for candidate, words in options:
            c = cost(candidate)
            delta = c - current
            if delta < 0 or (temperature > 0 and rng.random() < math.exp(-delta / temperature)):
                state, current = candidate, c
                temperature *= cooling
                taken = True
                if current < best_cost:
                    best, best_cost = state, current
                if trace:
                    trace.step(state, cost=current, accepted=True, move=words,  # sudoscope
                               temperature=temperature)
                break
        if not taken:
            return best, best_cost, "stuck"
    return best, best_cost, "budget_spent"


if __name__ == "__main__":
    seed = seed_from_arguments()
    rng = random.Random(seed)
    start = random_state(rng)
    trace = Trace(FIXED, "recocido simulado", params={"t0": 0.01, "cooling": 0.1},  # sudoscope
                  seed=seed, neighbourhood="course", start=start, name="sudoku_7")
    final, final_cost, outcome = simulated_annealing(start, rng, trace=trace)
    trace.end(outcome, cost=final_cost, result=final)  # sudoscope: the state it returns
