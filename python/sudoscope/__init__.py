"""Show your own Sudoku search in sudoscope, live.

Add three lines to a search you wrote::

    from sudoscope import Trace

    trace = Trace(fixed_squares, "gradiente descendente", params={"max_iterations": 1000}, seed=1)
    ...
        trace.step(state, cost=cost_function(state))      # once per step of your loop
    ...
    trace.end("stuck")                                     # or "solved", "budget_spent"

Run it as ``sudoscope watch -- python3 mine.py`` to watch it on the visualiser (pause, step,
rewind, the cost chart, why it is stuck, a race beside the built-in algorithms), or run it on its
own: the trace goes to a file, which ``sudoscope watch FILE`` shows afterwards.

Boards may be the course's dictionaries (``{'A1': 3, 'A3': 4, ...}``, rows A-I, columns 1-9),
strings of 81 symbols (``'3.45...'``), lists (flat or nested, 0 or None for an empty cell) and
numpy arrays. Standard library only; Python 3.8 and newer.
"""

from .trace import Trace, board_cells, VERSION

# the helper's own version: the program's (Cargo.toml), which a test keeps equal
__version__ = "0.1.0"

__all__ = ["Trace", "board_cells", "VERSION", "__version__"]
