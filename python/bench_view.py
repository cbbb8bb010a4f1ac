"""What the notebook's live view costs a search, per step (BENCHMARKS.md).

    python3 python/bench_view.py [STEPS]

Runs a notebook headless (jupyter nbconvert, ipykernel, anywidget) whose cell makes STEPS steps
(200000 unless told) of a search that changes one cell a step, timed inside the cell: once with
the live view (``Trace(...)`` as a student writes it) and once with ``view=False``. Both write the
trace file as always. Prints the microseconds a step for each, and the difference.
"""

import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))

CELL = """
import sys, time
sys.path.insert(0, {package!r})
from sudoscope import Trace
board = list({puzzle!r}.replace('.', '1'))
began = time.perf_counter()
with Trace({puzzle!r}, 'bench', path='run.jsonl', view={view}) as t:
    for i in range({steps}):
        board[1 + i % 3] = str(1 + i % 9)
        t.step(''.join(board), cost=i % 50, temperature=1.0 / (1 + i))
    t.end('stuck')
print('PER_STEP_US', (time.perf_counter() - began) / {steps} * 1e6)
"""

PUZZLE = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."


def per_step(view, steps):
    work = tempfile.mkdtemp()
    notebook = {
        "cells": [{"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                   "source": CELL.format(package=HERE, puzzle=PUZZLE, view=view, steps=steps)}],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                    "name": "python3"}},
        "nbformat": 4, "nbformat_minor": 5,
    }
    path = os.path.join(work, "bench.ipynb")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(notebook, f)
    subprocess.run([sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
                    "--ExecutePreprocessor.timeout=600", "--output", "done.ipynb", path],
                   cwd=work, check=True, capture_output=True)
    with open(os.path.join(work, "done.ipynb"), encoding="utf-8") as f:
        outputs = json.load(f)["cells"][0]["outputs"]
    text = "".join("".join(o.get("text", "")) for o in outputs)
    return float(text.split("PER_STEP_US")[1].split()[0])


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200000
    without = per_step("False", steps)
    live = per_step("None", steps)
    print("%d steps in a notebook cell" % steps)
    print("  without the view: %.2f µs a step" % without)
    print("  with the view:    %.2f µs a step (+%.2f µs)" % (live, live - without))


if __name__ == "__main__":
    main()
