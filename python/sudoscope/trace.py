"""Writing a sudoscope trace (JSON Lines, format version 1.1; see docs/trace-format.md)."""

import json
import math
import os
import re
import sys
import time
import unicodedata

from .send import Sender

VERSION = "1.1"

_NEIGHBOURHOODS = ("course", "set", "swap_row", "swap_box", "none")
_SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
_OUTCOMES = ("solved", "stuck", "budget_spent", "time_spent", "unsolvable")


def _side_of(count):
    n = int(round(math.sqrt(count)))
    if n * n != count or n not in (4, 9, 16, 25):
        raise ValueError(
            "a board has 16, 81, 256 or 625 cells (4x4 to 25x25), not %d" % count)
    return n


def _value(v, n):
    """One cell's value as a number: 0 for empty, 1..n."""
    if v is None:
        return 0
    if isinstance(v, str):
        v = v.strip()
        if v in ("", ".", "0"):
            return 0
        if len(v) == 1 and v.upper() in _SYMBOLS[:n]:
            return _SYMBOLS.index(v.upper()) + 1
        if v.isdigit():
            v = int(v)
        else:
            raise ValueError("%r is not a value of a %dx%d grid" % (v, n, n))
    if hasattr(v, "item"):
        v = v.item()
    if isinstance(v, float) and not v.is_integer():
        raise ValueError("%r is not a whole number" % (v,))
    try:
        number = int(v)
    except (TypeError, ValueError):
        raise ValueError("%r is not a value of a %dx%d grid" % (v, n, n))
    if not 0 <= number <= n:
        raise ValueError("%d is not a value of a %dx%d grid (0 for empty, 1 to %d)"
                         % (number, n, n, n))
    return number


_KEY = re.compile(r"^([A-Ya-y])(\d{1,2})$")

# a step's members written at most (a reader keeps as many); how many there were is written too
MAX_MEMBERS = 1000

# per side, the course's cell names in order: 'A1', 'A2', ..
_NAMES = {}


def _state_cells(state, n):
    """A course state (a dict naming every cell 'A1'.. with a number 1..n) as numbers, the
    quick way; ``None`` when it is anything else, for board_cells to read and to say what is
    wrong."""
    names = _NAMES.get(n)
    if names is None:
        names = _NAMES[n] = [_cell_key(i, n) for i in range(n * n)]
    if len(state) != len(names):
        return None
    try:
        cells = [state[k] for k in names]
    except KeyError:
        return None
    if set(map(type, cells)) == {int} and 0 < min(cells) and max(cells) <= n:
        return cells
    return None


def _cell_key(i, n):
    return "%s%d" % (chr(ord("A") + i // n), i % n + 1)


def board_cells(board, n=None, complete=False):
    """A board as a list of n*n numbers, row by row (0 for an empty cell).

    Takes the course's dictionaries ('A1'..'I9': row letter, column number), strings of n*n
    symbols, flat or nested lists and tuples, and numpy arrays. ``n`` is the side, when the board
    alone does not say it (a dictionary with blanks: 9 unless told). With ``complete``, a
    dictionary must name every cell (a search's state has a value in each; the puzzle's fixed
    cells need not).
    """
    if hasattr(board, "tolist") and not isinstance(board, (str, bytes)):
        board = board.tolist()
    if isinstance(board, dict):
        n = n or 9
        quick = _state_cells(board, n)
        if quick is not None:
            return quick
        if complete:
            named = set()
            for key in board:
                m = _KEY.match(str(key).strip())
                if m:
                    named.add((ord(m.group(1).upper()) - ord("A")) * n + int(m.group(2)) - 1)
            missing = [_cell_key(i, n) for i in range(n * n) if i not in named]
            if missing:
                raise ValueError(
                    "the state has no value for %s%s: a state names every cell, 'A1' to '%s'"
                    % (", ".join(missing[:5]), " and %d more" % (len(missing) - 5)
                       if len(missing) > 5 else "", _cell_key(n * n - 1, n)))
        cells = [0] * (n * n)
        for key, v in board.items():
            m = _KEY.match(str(key).strip())
            if not m:
                raise ValueError("%r is not a cell: write it as in the course, 'A1' to 'I9'" % (key,))
            r = ord(m.group(1).upper()) - ord("A")
            c = int(m.group(2)) - 1
            if not (0 <= r < n and 0 <= c < n):
                raise ValueError("%r is outside a %dx%d grid" % (key, n, n))
            cells[r * n + c] = _value(v, n)
        return cells
    if isinstance(board, bytes):
        board = board.decode()
    if isinstance(board, str):
        text = "".join(ch for ch in board if not ch.isspace() and ch not in "|+-*")
        n = n or _side_of(len(text))
        if len(text) != n * n:
            raise ValueError("a %dx%d board has %d symbols, not %d" % (n, n, n * n, len(text)))
        return [_value(ch, n) for ch in text]
    if isinstance(board, (list, tuple)):
        flat = []
        for item in board:
            if isinstance(item, (list, tuple)):
                flat.extend(item)
            else:
                flat.append(item)
        n = n or _side_of(len(flat))
        if len(flat) != n * n:
            raise ValueError("a %dx%d board has %d cells, not %d" % (n, n, n * n, len(flat)))
        return [_value(v, n) for v in flat]
    raise TypeError("a board is a dict, a string, a list or a numpy array, not %s"
                    % type(board).__name__)


_WRITTEN = "." + _SYMBOLS


def _line(cells):
    return "".join(map(_WRITTEN.__getitem__, cells))


def _slug(text):
    """A file name from a search's name, its letters kept: 'búsqueda local' -> 'busqueda-local'."""
    plain = "".join(ch for ch in unicodedata.normalize("NFKD", text)
                    if not unicodedata.combining(ch))
    s = re.sub(r"[^A-Za-z0-9]+", "-", plain).strip("-").lower()
    return s or "search"


# the largest number a trace carries: a reader holds numbers as 64-bit floats, exact to 2**53
_LARGEST = 2.0 ** 53


def _number(x, what="a metric"):
    """A cost or metric as JSON takes it (numpy numbers too); anything else is refused here, at
    the call, with what was wrong, rather than written for the viewer to drop."""
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        x = x.item()
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError("%s is a number, not %s %r" % (what, type(x).__name__, x))
    if isinstance(x, float) and not math.isfinite(x):
        raise ValueError("%s is a finite number, not %r" % (what, x))
    if abs(x) > _LARGEST:
        raise ValueError("%s of %s is out of range: a trace's numbers are within 2**53"
                         % (what, ("%.3g" % x) if isinstance(x, float) else "%d digits" % len(str(abs(x)))))
    return x


def _user():
    try:
        import getpass
        return getpass.getuser()
    except Exception:  # no user name on this system: the board shows the address
        return ""


def _is_number(x):
    """A number as a search holds a cost: int, float, or a numpy scalar (not a bool)."""
    if isinstance(x, bool):
        return False
    return isinstance(x, (int, float)) or (hasattr(x, "item") and not hasattr(x, "__len__"))


def _member(m):
    """A member as a search keeps it: a state, or a ``(cost, state)`` or ``(state, cost)`` pair;
    its state and its cost (``None`` when not paired)."""
    if isinstance(m, tuple) and len(m) == 2:
        a, b = m
        if _is_number(a) and not _is_number(b):
            return b, a
        if _is_number(b) and not _is_number(a):
            return a, b
    return m, None


class Trace(object):
    """A trace of one run of a search: a header, a line per step, a closing line.

    ``puzzle`` is the puzzle: the course's dictionary of fixed cells, a string of n*n symbols, a
    list, an array, or the name of a puzzle sudoscope knows ('sudoku_7', 'top95:3').
    ``algorithm`` is what the screen calls the search; ``params`` and ``seed`` say how it was set
    up; ``neighbourhood`` names the moves it makes, so the viewer can count a state's neighbours
    ('course': set a cell or swap two cells of a unit; 'set'; 'swap_row'; 'swap_box'; 'none').
    ``start`` is the board the search begins from; ``name`` names the puzzle in tables.

    Under ``sudoscope watch -- ...`` the lines go to standard output, where the viewer reads them
    (and a slow viewer holds the search back: pausing it pauses your search). Otherwise they go
    to ``path``, or to the file ``$SUDOSCOPE_TRACE`` names, or to ``<algorithm>.trace.jsonl``.

    With ``to``, the link the lecturer's ``sudoscope web`` prints (or ``$SUDOSCOPE_TO``), the
    run also shows on the class board, under ``student`` (or ``$SUDOSCOPE_STUDENT``, else your
    user name); ``$SUDOSCOPE_PASSWORD`` gives the class password for a link without a token.
    The search never waits for the board.

    In a notebook the run also shows live in the cell's output (with anywidget: ``pip install
    "sudoscope-helper[notebook]"``); ``view=False`` leaves it out.
    """

    def __init__(self, puzzle, algorithm="my search", params=None, seed=None,
                 neighbourhood="course", start=None, path=None, n=None, name=None,
                 to=None, student=None, view=None):
        if neighbourhood not in _NEIGHBOURHOODS:
            raise ValueError("neighbourhood %r: one of %s" % (neighbourhood, ", ".join(_NEIGHBOURHOODS)))
        header = {"sudoscope_trace": VERSION, "algorithm": str(algorithm),
                  "neighbourhood": neighbourhood}
        if isinstance(puzzle, str) and re.match(r"^[A-Za-z_][\w:.-]*$", puzzle.strip()) \
                and not all(ch in _SYMBOLS + ".0" for ch in puzzle.strip()):
            header["puzzle"] = puzzle.strip()
            self._n = n
        else:
            givens = board_cells(puzzle, n)
            self._n = _side_of(len(givens))
            header["givens"] = _line(givens)
            if name:
                header["puzzle"] = str(name)
        if params:
            header["params"] = {str(k): (v if isinstance(v, str) else
                                         _number(v, "the parameter %r" % (k,)))
                                for k, v in dict(params).items()}
        if seed is not None:
            header["seed"] = int(seed)
        # which run this is: a notebook cell run again writes its file again, and the viewer
        # following the file tells the new run from the old by its first line
        header["run_id"] = "%x-%x" % (time.time_ns() if hasattr(time, "time_ns")
                                      else int(time.time() * 1e9), os.getpid())
        self._steps = 0
        self._cells = None
        self._closed = False
        self._own_file = False
        if os.environ.get("SUDOSCOPE_WATCH") == "1" and path is None:
            self._out = sys.stdout
            self.path = None
        else:
            self.path = path or os.environ.get("SUDOSCOPE_TRACE") or (_slug(str(algorithm)) + ".trace.jsonl")
            self._out = open(self.path, "w", encoding="utf-8")
            self._own_file = True
        self._write(header)
        self._board = None
        to = to or os.environ.get("SUDOSCOPE_TO")
        if to:
            self._board = Sender(to, student or os.environ.get("SUDOSCOPE_STUDENT") or _user(),
                                 password=os.environ.get("SUDOSCOPE_PASSWORD"), line=_line)
            self._board.header(header)
        if start is not None:
            self._cells = board_cells(start, self._n)
            self._n = self._n or _side_of(len(self._cells))
            self._write({"step": 0, "board": _line(self._cells)})
            if self._board is not None:
                self._board.step({"step": 0}, self._cells)
        # the live view in a notebook's cell, once the side is known (a puzzle given by name
        # says it with its first board)
        self._header = header
        self._givens = board_cells(header["givens"], self._n) if "givens" in header else None
        self._want_view = view is not False
        self._view = None
        if self._n:
            self._open_view()

    def _open_view(self):
        self._want_view = False
        from .notebook import open_view
        givens = self._givens or [0] * (self._n * self._n)
        self._view = open_view(self._header, givens, self._n,
                               self.path or "standard output", start=self._cells)

    def _write(self, obj):
        try:
            self._out.write(json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n")
            self._out.flush()
        except BrokenPipeError:
            # the viewer has gone: the search ends quietly
            self._closed = True
            try:
                sys.stdout = open(os.devnull, "w")
            except OSError:
                pass
            raise SystemExit(0)

    def step(self, board, cost=None, accepted=None, move=None, members=None,
             member_costs=None, **metrics):
        """One step: the board the search stands on after it (unchanged when it refused the move
        it proposed: say so with ``accepted=False``), the cost if your search computes it (in
        any units: the screen counts its own), the move in words, and any named numbers
        (``temperature=0.3``, ``generation=4``, ``best=2``, ``mean=5.1``, ``worst=9``).

        A population or a beam: ``members`` is the list of its states as your search keeps them
        (the course's dictionaries, or ``(cost, state)`` pairs), ``member_costs`` their costs in
        your units; the screen counts each member's cost from its board, and shows their mean,
        worst and how alike they are. The first 1,000 members are written, and how many there
        were."""
        if self._closed:
            raise ValueError("this trace has ended")
        cells = board_cells(board, self._n, complete=True)
        self._n = self._n or _side_of(len(cells))
        population = self._population(members, member_costs)
        self._steps += 1
        line = {"step": self._steps}
        changed = None
        if self._cells is not None:
            changed = [[i, v] for i, (a, v) in enumerate(zip(self._cells, cells)) if a != v]
        if changed is None or len(changed) * 4 > len(cells):
            line["board"] = _line(cells)
        else:
            line["changed"] = changed
        if cost is not None:
            line["cost"] = _number(cost, "the cost")
        if accepted is not None:
            if hasattr(accepted, "item"):
                accepted = accepted.item()
            if not isinstance(accepted, bool):
                raise TypeError("accepted is True or False, not %s %r"
                                % (type(accepted).__name__, accepted))
            line["accepted"] = accepted
        if move is not None:
            if not isinstance(move, str):
                raise TypeError("move is the step in words (a str), not %s" % type(move).__name__)
            line["move"] = move
        numbers = {str(k): _number(v, "the metric %r" % (k,)) for k, v in metrics.items()}
        if numbers:
            line["metrics"] = numbers
        line.update(population)
        self._write(line)
        self._cells = cells
        if self._board is not None:
            self._board.step(line, cells)
        if self._want_view:
            self._open_view()
        if self._view is not None:
            self._view.step(line, cells)

    def _population(self, members, member_costs):
        """The keys a step's population writes: its members' boards, their costs as the search
        gives them, and how many there were when more than are written."""
        out = {}
        total = None
        if members is not None:
            members = list(members)
            total = len(members)
            boards, paired = [], []
            for i, m in enumerate(members[:MAX_MEMBERS]):
                state, c = _member(m)
                try:
                    boards.append(_line(board_cells(state, self._n, complete=True)))
                except (TypeError, ValueError) as e:
                    raise type(e)("members[%d]: %s" % (i, e))
                paired.append(c)
            out["members"] = boards
            if member_costs is None and all(c is not None for c in paired):
                # (cost, state) pairs bring the costs of the members written
                out["member_costs"] = [_number(c, "member_costs[%d]" % i)
                                       for i, c in enumerate(paired)]
        if member_costs is not None:
            member_costs = list(member_costs)
            if total is not None and len(member_costs) != total:
                raise ValueError("member_costs has %d costs for %d members"
                                 % (len(member_costs), total))
            total = len(member_costs)
            out["member_costs"] = [_number(c, "member_costs[%d]" % i)
                                   for i, c in enumerate(member_costs[:MAX_MEMBERS])]
        if total is not None and total > MAX_MEMBERS:
            out["members_total"] = total
        return out

    def end(self, outcome="stuck", cost=None, result=None):
        """The closing line: 'solved', 'stuck', 'budget_spent', 'time_spent' or 'unsolvable';
        the cost if your search knows it, and ``result``, the state your search returns when
        that is not its last one (the course's annealing returns its best state): the viewer
        and ``experiment`` judge success on it."""
        if self._closed:
            return
        if outcome not in _OUTCOMES:
            raise ValueError("outcome %r: one of %s" % (outcome, ", ".join(_OUTCOMES)))
        line = {"end": outcome, "steps": self._steps}
        if cost is not None:
            line["cost"] = _number(cost, "the cost")
        if result is not None:
            line["result"] = _line(board_cells(result, self._n, complete=True))
        self._write(line)
        self._closed = True
        if self._board is not None:
            self._board.end(line)
        if self._view is not None:
            self._view.end(line)
        if self._own_file:
            self._out.close()
            sys.stderr.write("trace written to %s: sudoscope watch %s\n" % (self.path, self.path))

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if not self._closed:
            self.end("stuck")
        return False
