"""The course's puzzle and cost, written plainly: what the examples share.

The board is the course's dictionary: 'A1' to 'I9' (row letter, column number) to a value. The
cost is the course's: for every row, column and box, 0.05 for each value short of once (so a
missing value and its repeat count 0.1 together); 0 is a solution.
"""

import random

ROWS = "ABCDEFGHI"
COLS = "123456789"
CELLS = [r + c for r in ROWS for c in COLS]

# sudoku_7, the course's puzzle: its fixed cells ("celdas fijas")
FIXED = {
    'A1': 3, 'A3': 4, 'A4': 5, 'A5': 6, 'A7': 9,
    'B1': 1, 'B2': 8, 'B3': 5, 'B6': 9, 'B7': 7,
    'C5': 7, 'C6': 8, 'C7': 4, 'C8': 1, 'C9': 5,
    'D2': 2, 'D5': 1, 'D8': 4, 'D9': 9,
    'E2': 4, 'E3': 9, 'E5': 5,
    'F3': 1, 'F4': 9, 'F5': 8, 'F7': 6, 'F8': 7,
    'G1': 4, 'G2': 9, 'G5': 3, 'G9': 7,
    'H2': 1, 'H3': 8, 'H4': 7, 'H5': 4, 'H6': 5, 'H9': 6,
    'I8': 8,
}

UNITS = ([[r + c for c in COLS] for r in ROWS]
         + [[r + c for r in ROWS] for c in COLS]
         + [[r + c for r in rs for c in cs]
            for rs in ("ABC", "DEF", "GHI") for cs in ("123", "456", "789")])


def cost(state):
    """The course's cost: 0.05 for each |count - 1| of each value in each unit."""
    total = 0.0
    for unit in UNITS:
        values = [state[cell] for cell in unit]
        for v in range(1, 10):
            total += 0.05 * abs(values.count(v) - 1)
    return round(total, 10)


def random_state(rng):
    """Every free cell a random value, the fixed cells kept."""
    state = dict(FIXED)
    for cell in CELLS:
        if cell not in state:
            state[cell] = rng.randint(1, 9)
    return state


def neighbours(state):
    """The course's neighbourhood: a free cell changed to each other value, and two free cells
    of a unit swapped."""
    out = []
    free = [c for c in CELLS if c not in FIXED]
    for unit in UNITS:
        cells = [c for c in unit if c not in FIXED]
        for i, a in enumerate(cells):
            for b in cells[i + 1:]:
                n = dict(state)
                n[a], n[b] = state[b], state[a]
                out.append((n, "swap %s and %s" % (a, b)))
    for c in free:
        for v in range(1, 10):
            if v != state[c]:
                n = dict(state)
                n[c] = v
                out.append((n, "set %s to %d" % (c, v)))
    return out


def number_from_arguments(name, default):
    """`--NAME N` on the command line, else `default`."""
    import sys
    args = sys.argv[1:]
    flag = "--" + name
    if flag in args:
        return int(args[args.index(flag) + 1])
    return default


def seed_from_arguments(default=1):
    """`--seed N` on the command line, else `default`."""
    return number_from_arguments("seed", default)
