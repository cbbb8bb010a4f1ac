"""A student of the class tests: the course's puzzle and cost, searched the way a student would,
each run sent to the class board by the helper's own code (``SUDOSCOPE_TO``, ``SUDOSCOPE_KEY``).

It reads orders from its standard input, one a line, each starting a run of its own beside the
others:

    run NAME      a random walk of swaps, a step every 50 ms, for at most 6000 steps
    quick NAME    300 steps at once, then the end
    crash NAME    20 steps, then an exception inside ``with Trace(...)``
    hang NAME     5 steps, then silence until the input ends

When its input ends, every run still going ends ("stuck") and it exits. Each run's trace file
goes to the current folder; it prints ``started NAME`` once a run's first step is made.
"""

import os
import random
import sys
import threading
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python", "examples"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
from course import FIXED, UNITS, cost, random_state  # noqa: E402
from sudoscope import Trace  # noqa: E402

STOP = threading.Event()
FREE_UNITS = [[c for c in unit if c not in FIXED] for unit in UNITS[:9]]
lock = threading.Lock()


def say(text):
    with lock:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()


def search(kind, name, seed):
    rng = random.Random(seed)
    state = random_state(rng)
    steps = {"run": 6000, "quick": 300, "crash": 20, "hang": 5}[kind]
    with Trace(FIXED, "paseo aleatorio", seed=seed, start=state, name="sudoku_7",
               student=name, path=name + ".jsonl") as trace:
        current = cost(state)
        for i in range(steps):
            unit = rng.choice(FREE_UNITS)
            a, b = rng.sample(unit, 2)
            state[a], state[b] = state[b], state[a]
            current = cost(state)
            trace.step(state, cost=current, accepted=True)
            if i == 0:
                say("started " + name)
            if kind == "run" and STOP.wait(0.05):
                break
        if kind == "crash":
            raise ValueError("cell %s out of range" % a)
        if kind == "hang":
            STOP.wait()
        trace.end("stuck", cost=current)


def main():
    threads = []
    for n, line in enumerate(sys.stdin):
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("run", "quick", "crash", "hang"):
            seed = zlib.crc32(("%s %d" % (parts[1], n)).encode("utf-8"))
            t = threading.Thread(target=guarded, args=(parts[0], parts[1], seed))
            t.start()
            threads.append(t)
    STOP.set()
    for t in threads:
        t.join()


def guarded(kind, name, seed):
    try:
        search(kind, name, seed)
    except ValueError:
        say("crashed " + name)


if __name__ == "__main__":
    main()
