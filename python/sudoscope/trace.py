"""Writing a sudoscope trace (JSON Lines, format version 1.1; see docs/trace-format.md)."""

import json
import math
import os
import re
import sys
import time
import unicodedata
import weakref

from .send import Sender

VERSION = "1.2"

_NEIGHBOURHOODS = ("course", "set", "swap_row", "swap_box", "none")
_SYMBOLS = "123456789ABCDEFGHIJKLMNOP"
_OUTCOMES = ("solved", "stuck", "budget_spent", "time_spent", "unsolvable", "interrupted",
             "failed")


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
    """A cost or metric as a trace writes it (numpy numbers too): a number; one JSON cannot
    hold (``float('inf')``, a NaN, an integer past a float's range) as the word the viewer reads
    as that number, ``"inf"``, ``"-inf"`` or ``"nan"``; an integer past 2**53 as the float
    nearest it. Anything that is not a number is refused here, at the call, with what it is."""
    if hasattr(x, "item") and not isinstance(x, (str, bytes)):
        x = x.item()
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        raise TypeError("%s is a number, not %s %r" % (what, type(x).__name__, x))
    if isinstance(x, int) and abs(x) > _LARGEST:
        try:
            x = float(x)
        except OverflowError:
            return "inf" if x > 0 else "-inf"
    if isinstance(x, float) and not math.isfinite(x):
        return "nan" if math.isnan(x) else ("inf" if x > 0 else "-inf")
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


class _Run(object):
    """What a trace holds open (its file, its view, the class board) and how it is closed: kept
    apart from the :class:`Trace` so that a trace collected, or left open when a cell or the
    interpreter ends, can still be closed."""

    def __init__(self, out, own_file, path, replaced, lang):
        self.out = out
        self.own_file = own_file
        self.path = path
        self.replaced = replaced
        self.lang = lang
        self.view = None
        self.board = None
        self.closed = False
        self.steps = 0
        # the steps taken since the last cell began (a notebook closes what a cell left open)
        self.stepped = False

    def write(self, obj):
        if self.out is None:
            return
        try:
            self.out.write(json.dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n")
            self.out.flush()
        except BrokenPipeError:
            # the viewer has gone: the search ends quietly
            self.closed = True
            try:
                sys.stdout = open(os.devnull, "w")
            except OSError:
                pass
            raise SystemExit(0)

    def close(self, line=None, view_closing=None):
        """Close the run: with its closing ``line`` written, or cut short (no closing line:
        ``view_closing`` says why to the view)."""
        if self.closed:
            return
        self.closed = True
        _OPEN.discard(self)
        if line is not None:
            self.write(line)
        if self.board is not None:
            self.board.end(line)
        if self.view is not None:
            self.view.end(view_closing if view_closing is not None else line)
        if self.own_file:
            try:
                self.out.close()
            except OSError:
                pass
            self.say_where()

    def say_where(self):
        from .notebook import in_notebook, words
        said = words(self.lang).get("nb-trace-written", "trace written to { $path }")
        said = said.replace("{ $path }", str(self.path))
        if self.replaced:
            said += " (%s)" % words(self.lang).get("nb-trace-replaced", "replaced")
        if in_notebook():
            # a note to the student, not an error
            print(said)
        else:
            sys.stderr.write(said + "\n")

    def abandon(self, why, error=None):
        """Close a run left open: ``interrupted``, ``failed`` with ``error``, or cut short for
        ``why``, which the view words in the class's language: ``with`` (the with block ended
        without trace.end()), ``cell`` (the notebook cell did), ``program`` (the interpreter
        did), ``collected`` (the trace was collected)."""
        if self.closed:
            return
        if why == "interrupted":
            self.close({"end": "interrupted", "steps": self.steps})
        elif why == "failed":
            self.close({"end": "failed", "steps": self.steps, "error": error or "an exception"})
        else:
            self.close(None, {"cut": why, "steps": self.steps})


# the runs still open, to close when a notebook cell or the interpreter ends with them open
_OPEN = set()
# the exception that is ending the interpreter, if one is
_DYING = []
_HOOKED = []


def _why(kind, value):
    """How a run ends when ``kind`` is raised through it: interrupted, or failed and with what."""
    if kind is not None and issubclass(kind, KeyboardInterrupt):
        return "interrupted", None
    if kind is not None:
        return "failed", "%s: %s" % (kind.__name__, value) if str(value) else kind.__name__
    return None, None


def _at_exit():
    why, error = _why(*(_DYING[0] if _DYING else (None, None)))
    for run in list(_OPEN):
        run.abandon(why or "program", error)


def _except_hook(kind, value, tb):
    _DYING.append((kind, value))
    _PREVIOUS_HOOK[0](kind, value, tb)


_PREVIOUS_HOOK = [sys.excepthook]


def _after_cell(result=None):
    """After a notebook cell: a run that took steps in a cell that raised is closed, as
    interrupted or failed (the exception's name). One left open by a cell that ended well stays
    open (a later cell may step it on, or end it; a search in a thread of its own goes on), and
    its view says so; it is cut short when its trace is collected (the cell run again) or the
    kernel ends."""
    error = getattr(result, "error_in_exec", None) if result is not None else None
    kind = type(error) if error is not None else None
    why, text = _why(kind, error)
    for run in list(_OPEN):
        if run.stepped:
            if why is not None:
                run.abandon(why, text)
            elif run.view is not None:
                run.view.between_cells()
    for run in list(_OPEN):
        run.stepped = False


def _hook():
    """Close runs left open whatever way the program or the cell ends (once a process)."""
    if _HOOKED:
        return
    _HOOKED.append(True)
    import atexit
    atexit.register(_at_exit)
    _PREVIOUS_HOOK[0] = sys.excepthook
    sys.excepthook = _except_hook
    shell = sys.modules.get("IPython")
    try:
        ip = shell.get_ipython() if shell is not None else None
        if ip is not None:
            ip.events.register("post_run_cell", _after_cell)
    except Exception:  # an IPython without events: the interpreter's end still closes runs
        pass


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
    to ``path``, or to the file ``$SUDOSCOPE_TRACE`` names, or to ``<algorithm>.trace.jsonl``
    (which says so when it replaces an earlier run); in a notebook with its live view, to no file
    unless one is named: the notebook itself keeps the run.

    With ``to``, the link the lecturer's ``sudoscope web`` prints (or ``$SUDOSCOPE_TO``), the
    run also shows on the class board, under ``student`` (or ``$SUDOSCOPE_STUDENT``, else your
    user name); ``$SUDOSCOPE_PASSWORD`` gives the class password for a link without a token.
    The search never waits for the board.

    In a notebook the run also shows live in the cell's output (with anywidget: ``pip install
    anywidget``); ``view=False`` leaves it out.

    Every way a run stops closes it: ``trace.end(...)``; as a context manager (``with
    Trace(...) as trace:``), ``interrupted`` on Ctrl-C or the kernel's interrupt and ``failed``
    (with the exception) on an error; in a notebook, the same when the cell that stepped it
    raises (one a cell leaves open without an error stays open for a later cell, and its view
    says so); at the interpreter's end; and when the trace is collected. A run left open without
    an error is cut short (no closing line), never given an outcome it did not say.
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
        from .notebook import language, viewable
        lang = language()
        self._cells = None
        named = path or os.environ.get("SUDOSCOPE_TRACE")
        if os.environ.get("SUDOSCOPE_WATCH") == "1" and path is None:
            run = _Run(sys.stdout, False, None, False, lang)
        elif named or view is False or not viewable():
            target = named or (_slug(str(algorithm)) + ".trace.jsonl")
            replaced = not named and os.path.exists(target)
            run = _Run(open(target, "w", encoding="utf-8"), True, target, replaced, lang)
        else:
            # in a notebook, the view keeps the run: no file unless one is named
            run = _Run(None, False, None, False, lang)
        self._run = run
        self.path = run.path
        run.write(header)
        to = to or os.environ.get("SUDOSCOPE_TO")
        if to:
            run.board = Sender(to, student or os.environ.get("SUDOSCOPE_STUDENT") or _user(),
                               password=os.environ.get("SUDOSCOPE_PASSWORD"), line=_line)
            run.board.header(header)
        if start is not None:
            self._cells = board_cells(start, self._n)
            self._n = self._n or _side_of(len(self._cells))
            run.write({"step": 0, "board": _line(self._cells)})
            if run.board is not None:
                run.board.step({"step": 0, "board": _line(self._cells)}, self._cells)
        # the live view in a notebook's cell, once the side is known (a puzzle given by name
        # says it with its first board)
        self._header = header
        self._givens = board_cells(header["givens"], self._n) if "givens" in header else None
        self._lang = lang
        self._want_view = view is not False
        if self._n:
            self._open_view()
        _OPEN.add(run)
        _hook()
        # a trace collected before its end is closed as cut short (the interpreter's end is
        # told apart by its own hook)
        weakref.finalize(self, run.abandon, "collected").atexit = False

    @property
    def _closed(self):
        return self._run.closed

    @property
    def _view(self):
        return self._run.view

    def _open_view(self):
        self._want_view = False
        from .notebook import open_view
        givens = self._givens or [0] * (self._n * self._n)
        self._run.view = open_view(self._header, givens, self._n, start=self._cells,
                                   lang=self._lang, to_file=self.path or "standard output")

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
        run = self._run
        if run.closed:
            raise ValueError("this trace has ended")
        cells = board_cells(board, self._n, complete=True)
        self._n = self._n or _side_of(len(cells))
        population, member_cells = self._population(members, member_costs)
        run.steps += 1
        run.stepped = True
        line = {"step": run.steps}
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
        run.write(line)
        self._cells = cells
        if run.board is not None:
            run.board.step(line, cells)
        if self._want_view:
            self._open_view()
        if run.view is not None:
            pop = None
            if population:
                from .notebook import population as reduce
                pop = reduce(member_cells, population.get("member_costs"),
                             population.get("members_total", len(member_cells or population.get("member_costs") or [])),
                             self._n)
            run.view.step(line, cells, pop)

    def _population(self, members, member_costs):
        """The keys a step's population writes: its members' boards, their costs as the search
        gives them, and how many there were when more than are written; and the members'
        cells."""
        out = {}
        total = None
        cells = None
        if members is not None:
            members = list(members)
            total = len(members)
            boards, paired, cells = [], [], []
            for i, m in enumerate(members[:MAX_MEMBERS]):
                state, c = _member(m)
                try:
                    member = board_cells(state, self._n, complete=True)
                except (TypeError, ValueError) as e:
                    raise type(e)("members[%d]: %s" % (i, e))
                cells.append(member)
                boards.append(_line(member))
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
        return out, cells

    def end(self, outcome="stuck", cost=None, result=None, error=None):
        """The closing line: 'solved', 'stuck', 'budget_spent', 'time_spent' or 'unsolvable'
        ('interrupted' or 'failed', with ``error`` what went wrong, when the search was stopped
        or raised); the cost if your search knows it, and ``result``, the state your search
        returns when that is not its last one (the course's annealing returns its best state):
        the viewer and ``experiment`` judge success on it."""
        run = self._run
        if run.closed:
            return
        if outcome not in _OUTCOMES:
            raise ValueError("outcome %r: one of %s" % (outcome, ", ".join(_OUTCOMES)))
        line = {"end": outcome, "steps": run.steps}
        if cost is not None:
            line["cost"] = _number(cost, "the cost")
        returned = None
        if result is not None:
            returned = board_cells(result, self._n, complete=True)
            line["result"] = _line(returned)
        if error is not None:
            line["error"] = str(error)[:500]
        closing = dict(line)
        if returned is not None:
            closing["result"] = returned
        run.close(line, closing)

    def __enter__(self):
        return self

    def __exit__(self, kind, value, tb):
        if not self._run.closed:
            why, error = _why(kind, value)
            self._run.abandon(why or "with", error)
        return False
