"""The course's local beam search ("búsqueda local por haz"), watched in sudoscope.

    sudoscope watch -- python3 python/examples/beam.py --seed 3
    sudoscope watch -- python3 python/examples/beam.py --k 6 --seed 3     # a narrower beam

k random states; each iteration pools every neighbour of all k and keeps the k cheapest; the
run stops when one is a solution or after 6 iterations without a better best. Each iteration
is one step on the screen: the best state of the beam, with the whole beam (each member's cost,
their mean and worst, and how alike they are cell by cell in the why-stuck panel, `l`). The
lines that make it watchable are marked `# sudoscope`.
"""

import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from course import (FIXED, cost, neighbours, number_from_arguments, random_state,  # noqa: E402
                    seed_from_arguments)

try:
    from sudoscope import Trace  # sudoscope
except ImportError:
    # not installed (pip install sudoscope): the helper beside these examples
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from sudoscope import Trace


def local_beam_search(rng, k=20, patience=6, max_iterations=100, trace=None):
    """The k cheapest of all the beam's neighbours, iteration after iteration."""
    beam = [random_state(rng) for _ in range(k)]
    costs = [cost(s) for s in beam]
    best = min(costs)
    without_better = 0
    for _ in range(max_iterations):
        if best == 0:
            break
        pool = []
        for state in beam:
            for candidate, _ in neighbours(state):
                pool.append((cost(candidate), candidate))
        pool.sort(key=lambda pair: pair[0])
        costs = [c for c, _ in pool[:k]]
        beam = [s for _, s in pool[:k]]
        if trace:
            trace.step(beam[0], cost=costs[0], members=beam, member_costs=costs)  # sudoscope
        if costs[0] < best:
            best, without_better = costs[0], 0
        else:
            without_better += 1
            if without_better >= patience:
                return beam[0], costs[0], "stuck"
    return beam[0], costs[0], "solved" if costs[0] == 0 else "budget_spent"


if __name__ == "__main__":
    seed = seed_from_arguments()
    k = number_from_arguments("k", 20)
    rng = random.Random(seed)
    trace = Trace(FIXED, "búsqueda local por haz", params={"k": k},  # sudoscope
                  seed=seed, neighbourhood="course", name="sudoku_7")
    final, final_cost, outcome = local_beam_search(rng, k=k, trace=trace)
    trace.end(outcome, cost=final_cost, result=final)  # sudoscope
