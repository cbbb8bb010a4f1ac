"""What passing a population with each step costs a search (BENCHMARKS.md).

    python3 python/bench_members.py [STEPS]

Times STEPS steps (2000 unless told) of ``Trace.step`` on the course's dictionary states, once
with the board alone and once with a population of 20 and of 200 members (``members=`` the list
of dict states, ``member_costs=`` their costs), writing the trace file as always. For scale, it
also times the course's own cost function over the same 200 states: what a genetic algorithm
already pays each generation to sort its population.
"""

import os
import random
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "examples"))

from course import FIXED, cost, random_state  # noqa: E402
from sudoscope import Trace  # noqa: E402


def per_step(size, steps, states):
    path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
    population = states[:size]
    costs = [0.1 * k for k in range(size)]
    with Trace(FIXED, "bench", path=path, view=False) as t:
        began = time.perf_counter()
        for i in range(steps):
            board = states[i % len(states)]
            if size:
                t.step(board, cost=1.0, members=population, member_costs=costs)
            else:
                t.step(board, cost=1.0)
        took = time.perf_counter() - began
        t.end("stuck")
    return took / steps * 1e6


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    rng = random.Random(1)
    states = [random_state(rng) for _ in range(200)]
    alone = per_step(0, steps, states)
    print("%d steps of Trace.step on the course's dict states (9x9)" % steps)
    print("  the board alone:       %8.1f µs a step" % alone)
    for size in (20, 200):
        with_members = per_step(size, steps, states)
        print("  with %3d members:      %8.1f µs a step (%.2f µs a member)"
              % (size, with_members, (with_members - alone) / size))
    began = time.perf_counter()
    for _ in range(20):
        for s in states:
            cost(s)
    print("  the course's cost of 200 states: %.1f µs"
          % ((time.perf_counter() - began) / 20 * 1e6))


if __name__ == "__main__":
    main()
