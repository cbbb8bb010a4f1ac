"""The course's genetic algorithm ("algoritmo genético"), watched in sudoscope.

    sudoscope watch -- python3 python/examples/genetic.py --seed 3
    sudoscope watch -- python3 python/examples/genetic.py --population 30 --seed 3   # quicker

The chromosome is the 81 values row by row. Every pair of the population breeds by one-point
crossover (a cut in 1..79 gives both complementary children); each child changes one random
free cell to another value with probability exp(-1/T), T = 100. The next generation is the best
10% of the parents and all the children, cut back to the population's size. The run stops when
one is a solution or after 10 generations without a better best. Each generation is one step on
the screen: its best individual, with the whole population (each member's cost, their mean and
worst, and how alike they are cell by cell in the why-stuck panel, `l`). The lines that make it
watchable are marked `# sudoscope`.
"""

import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from course import (CELLS, FIXED, cost, number_from_arguments, random_state,  # noqa: E402
                    seed_from_arguments)

try:
    from sudoscope import Trace  # sudoscope
except ImportError:
    # not installed (pip install sudoscope): the helper beside these examples
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    from sudoscope import Trace

FREE = [c for c in CELLS if c not in FIXED]


def crossover(a, b, rng):
    """One cut, both children."""
    cut = rng.randint(1, 79)
    first = {c: (a[c] if i < cut else b[c]) for i, c in enumerate(CELLS)}
    second = {c: (b[c] if i < cut else a[c]) for i, c in enumerate(CELLS)}
    return first, second


def mutate(state, rng, temperature=100):
    if rng.random() < math.exp(-1 / temperature):
        cell = rng.choice(FREE)
        state[cell] = rng.choice([v for v in range(1, 10) if v != state[cell]])
    return state


def genetic_algorithm(rng, population=200, patience=10, max_generations=50, trace=None):
    people = sorted((random_state(rng) for _ in range(population)), key=cost)
    best = cost(people[0])
    without_better = 0
    for generation in range(1, max_generations + 1):
        if best == 0:
            break
        children = []
        for i in range(len(people)):
            for j in range(i + 1, len(people)):
                for child in crossover(people[i], people[j], rng):
                    children.append(mutate(child, rng))
        elite = people[:max(1, population // 10)]
        people = sorted(elite + children, key=cost)[:population]
        costs = [cost(p) for p in people]
        if trace:
            trace.step(people[0], cost=costs[0], generation=generation,  # sudoscope
                       members=people, member_costs=costs)  # sudoscope
        if costs[0] < best:
            best, without_better = costs[0], 0
        else:
            without_better += 1
            if without_better >= patience:
                return people[0], costs[0], "stuck"
    return people[0], cost(people[0]), "solved" if cost(people[0]) == 0 else "budget_spent"


if __name__ == "__main__":
    seed = seed_from_arguments()
    size = number_from_arguments("population", 200)
    generations = number_from_arguments("generations", 50)
    rng = random.Random(seed)
    trace = Trace(FIXED, "algoritmo genético", params={"population": size},  # sudoscope
                  seed=seed, neighbourhood="none", name="sudoku_7")
    final, final_cost, outcome = genetic_algorithm(rng, population=size,
                                                   max_generations=generations, trace=trace)
    trace.end(outcome, cost=final_cost, result=final)  # sudoscope
