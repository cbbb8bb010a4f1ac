"""The search live in the notebook cell that runs it (Jupyter, JupyterLab, VS Code, Colab).

``Trace(...)`` in a notebook shows the run in the cell's output as it goes, through anywidget
(``pip install anywidget``): the board with its givens and conflicts, the cost chart with the
named metrics, the step log, and controls that need no Python while the cell runs (play and
pause, one step back or on, the speed, a slider along the run).

Every step reaches the view, in order and once. The steps go to the page two ways: in batches at
most 30 times a second (a custom message, for the live view), and as the run's *archive*, a
synced state of the widget: compressed chunks of 4,096 steps each (changes between boards,
costs, metrics, moves and populations reduced to what the view shows of them), synced again each
time it has doubled (so the whole run costs at most twice its size in traffic), every second
while it is small, and at the end. A view that opened after the first batches (the page loads
the widget's code while the search runs) or that was reloaded takes what it missed from the
archive. When the run ends (its closing line, an interruption, an exception, the cell or the
interpreter ending, the trace collected), the cell's output becomes a page of its own holding
the archive and the view's code: a saved notebook, reopened or exported to HTML, shows the
whole run with its controls without a kernel.
"""

import base64
import json
import os
import subprocess
import sys
import threading
import time
import zlib

# how often a batch of steps goes to the page, in seconds
PERIOD = 1 / 30
# steps a sealed chunk of the archive holds
CHUNK = 4096
# below this many compressed bytes, the archive is synced every second (it is cheap)
SMALL = 256 * 1024

_HERE = os.path.dirname(os.path.abspath(__file__))
_TOLD = []
# the page's WebAssembly module (the program's core, as `sudoscope site` builds it), which runs
# the view's races: read once a process, sent once to the page
_ENGINE = []
_B36 = "0123456789abcdefghijklmnopqrstuvwxyz"


def in_notebook():
    """Whether this code runs in a notebook's kernel (not a terminal, not plain IPython)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ip = shell.get_ipython()
    except Exception:  # an IPython too old or too odd: no view
        return False
    return ip is not None and getattr(ip, "kernel", None) is not None


def words(lang):
    """The view's words in ``lang`` (en, es, pt), from the copy of the catalogs' ``nb-`` and
    ``metric-`` entries."""
    with open(os.path.join(_HERE, "view_words.json"), encoding="utf-8") as f:
        table = json.load(f)
    return table.get(lang) or table["en"]


_NAMES = {"spanish": "es", "espanol": "es", "español": "es", "portuguese": "pt",
          "portugues": "pt", "português": "pt", "english": "en"}


def _code(value):
    """The language of a locale name: ``es_AR.UTF-8``, ``pt-BR``, ``Spanish_Argentina``."""
    first = value.replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    first = _NAMES.get(first, first)
    return first if first in ("en", "es", "pt") else "en"


def system_locale():
    """The operating system's own locale name, for a kernel started without ``LANG`` (Windows,
    a macOS app): ``es-AR``, ``es_AR``, ``Spanish_Argentina``; empty when none is found."""
    if sys.platform == "win32":
        try:
            import ctypes
            buf = ctypes.create_unicode_buffer(85)
            if ctypes.windll.kernel32.GetUserDefaultLocaleName(buf, 85):
                return buf.value
        except Exception:  # no such call on this Windows: the locale module below
            pass
    if sys.platform == "darwin":
        try:
            out = subprocess.run(["defaults", "read", "-g", "AppleLocale"],
                                 capture_output=True, text=True, timeout=2).stdout.strip()
            if out:
                return out
        except Exception:  # no defaults command: the locale module below
            pass
    try:
        import locale
        return locale.getlocale()[0] or ""
    except Exception:  # an interpreter without locale support
        return ""


def language():
    """The class's language: ``SUDOSCOPE_LANG``, else ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, else
    the operating system's locale (Windows and macOS too); English when none names es or pt."""
    for name in ("SUDOSCOPE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            return _code(value)
    return _code(system_locale())


def viewable():
    """Whether a trace made now would show in a live view: in a notebook, with anywidget."""
    if not in_notebook():
        return False
    try:
        import anywidget  # noqa: F401
    except ImportError:
        return False
    return True


def open_view(header, givens, n, start=None, lang=None, to_file=None):
    """The live view of a run in this notebook cell, shown now; ``None`` outside a notebook, or
    without anywidget (then said once, with ``to_file``, where the trace goes instead).
    ``givens`` are the puzzle's cells (zeros when only its name is known), ``start`` the board
    the run starts from."""
    if not in_notebook():
        return None
    lang = lang or language()
    try:
        import anywidget  # noqa: F401
    except ImportError:
        if not _TOLD:
            _TOLD.append(True)
            said = words(lang)["nb-get-anywidget"].replace("{ $path }", str(to_file))
            # a note, not an error: to standard output
            print(said)
        return None
    return View(header, givens, n, start=start, lang=lang)


def engine_path():
    """Where the page's module is, for the view's races: ``SUDOSCOPE_PAGE_WASM``, else
    ``page.wasm`` beside this file (a wheel built after ``cargo site`` holds it), else the
    source tree's ``target/site/sudoscope.wasm`` (``cargo site`` writes it); ``None`` when none
    is a WebAssembly module that races (one built before races is passed over)."""
    for path in [os.environ.get("SUDOSCOPE_PAGE_WASM", "")] + _beside():
        if path and os.path.isfile(path) and _races(path):
            return path
    return None


def _beside():
    """Where the module is when it came with the helper: in its wheel, or built in its source
    tree."""
    return [os.path.join(_HERE, "page.wasm"),
            os.path.join(_HERE, "..", "..", "target", "site", "sudoscope.wasm")]


# files looked at and passed over, by (path, size, time): not read again until they change
_PASSED = set()


def _races(path):
    """Whether the file at ``path`` is a WebAssembly module with the race's exports."""
    try:
        st = os.stat(path)
        key = (path, st.st_size, st.st_mtime)
        if key in _PASSED:
            return False
        with open(path, "rb") as f:
            data = f.read()
    except OSError:  # unreadable: the next place
        return False
    if data.startswith(b"\0asm") and b"sudoscope_race_start" in data:
        return True
    _PASSED.add(key)
    return False


def engine():
    """The page's module as ``(bytes, name)``, its name the start of its SHA-256 (a page keeps
    the module it was given under that name); ``(None, None)`` without one, looked for again
    next time (``cargo site`` run meanwhile needs no new kernel)."""
    if not _ENGINE:
        path = engine_path()
        if path is None:
            return (None, None)
        import hashlib
        with open(path, "rb") as f:
            data = f.read()
        _ENGINE.append((data, hashlib.sha256(data).hexdigest()[:16]))
    return _ENGINE[0]


# whether this process has given the page its module yet (the first view carries it)
_ENGINE_GIVEN = []


def _widget_class():
    """The widget a view draws in: its code, and the state the page keeps of the run."""
    import anywidget
    import traitlets

    class Widget(anywidget.AnyWidget):
        _esm = os.path.join(_HERE, "view.js")
        header = traitlets.Dict().tag(sync=True)
        words = traitlets.Dict().tag(sync=True)
        archive = traitlets.List(traitlets.Unicode()).tag(sync=True)
        archived = traitlets.Int(0).tag(sync=True)
        closing = traitlets.Dict().tag(sync=True)
        # the page's module, carried by the first view of a process only
        engine = traitlets.Bytes(b"").tag(sync=True)

    return Widget


def _b36(number, width):
    out = ""
    for _ in range(width):
        number, digit = divmod(number, 36)
        out = _B36[digit] + out
    return out


def _finite(x):
    """A number as the view keeps it, to six significant digits (it shows four), or ``None``
    for one JSON cannot carry (the view draws both)."""
    if x is None:
        return None
    try:
        x = float(x)
    except (TypeError, ValueError):
        return None
    if x != x or abs(x) == float("inf"):
        return None
    short = float("%.6g" % x)
    return int(short) if short.is_integer() and abs(short) < 2 ** 53 else short


class Chunk(object):
    """Steps as the view takes them, in columns: ``ch`` the cells each step changed (three
    base-36 characters a change: two for the cell, one for its new value; steps apart by a
    comma), ``acc`` one character a step (``1`` taken, ``0`` refused, ``-`` not said), ``cost``
    the search's own cost or ``null``, ``met`` each named metric's values, ``mv`` the moves in
    words, ``pop`` the populations of the steps that carried one, reduced to what the view shows
    of them (``t`` members, ``b``/``m``/``w`` best, mean and worst cost, ``k`` whether counted
    from boards, ``d`` the share of distinct boards, ``pc`` the values held per cell)."""

    def __init__(self, first):
        self.first = first
        self.n = 0
        self.ch = []
        self.acc = []
        self.cost = []
        self.met = {}
        self.mv = []
        self.pop = {}

    def add(self, changes, line, pop):
        self.ch.append("".join(_b36(i, 2) + _b36(v, 1) for i, v in changes))
        accepted = line.get("accepted")
        self.acc.append("-" if accepted is None else ("1" if accepted else "0"))
        self.cost.append(_finite(line.get("cost")))
        metrics = line.get("metrics") or {}
        for name in metrics:
            if name not in self.met:
                self.met[name] = [None] * self.n
        for name, values in self.met.items():
            values.append(_finite(metrics.get(name)))
        self.mv.append(line.get("move"))
        if pop is not None:
            self.pop[str(self.n)] = pop
        self.n += 1

    def value(self):
        return {"first": self.first, "n": self.n, "ch": ",".join(self.ch),
                "acc": "".join(self.acc), "cost": self.cost, "met": self.met,
                "mv": self.mv, "pop": self.pop}


def _pack(value):
    """A chunk as the archive keeps it: its JSON, deflated, in base64."""
    raw = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return base64.b64encode(zlib.compress(raw, 6)).decode("ascii")


def population(boards, reported, total, n):
    """A step's population as the view shows it: each member's cost counted from its board (as
    the program counts it), their best, mean and worst, the share of distinct boards, and how
    many values the members hold in each cell; else the costs the search gave them."""
    if boards:
        cells = n * n
        box = int(round(n ** 0.5))
        units = [[r * n + c for c in range(n)] for r in range(n)]
        units += [[r * n + c for r in range(n)] for c in range(n)]
        units += [[(br + r) * n + bc + c for r in range(box) for c in range(box)]
                  for br in range(0, n, box) for bc in range(0, n, box)]
        costs = []
        held = [0] * cells
        for b in boards:
            costs.append(sum(n - len(set(b[i] for i in u) - {0}) for u in units))
            for i in range(cells):
                if b[i]:
                    held[i] |= 1 << b[i]
        per_cell = "".join(_B36[max(1, bin(h).count("1"))] for h in held)
        return {"t": total, "k": 1, "b": min(costs), "m": sum(costs) / len(costs),
                "w": max(costs), "d": len(set(map(tuple, boards))) / len(boards),
                "pc": per_cell}
    numbers = [x for x in (_finite(c) for c in reported or []) if x is not None]
    if numbers:
        return {"t": total, "k": 0, "b": min(numbers), "m": sum(numbers) / len(numbers),
                "w": max(numbers)}
    return {"t": total, "k": 0}


class View(object):
    """One run, drawn in the cell's output: live while it runs, a page of its own once it has
    ended."""

    def __init__(self, header, givens, n, start=None, lang="en", display=True, widget=None):
        self.n = n
        self.header = {
            "n": n,
            "givens": list(givens),
            "start": list(start) if start is not None else None,
            "algorithm": header.get("algorithm", ""),
            "puzzle": header.get("puzzle", ""),
            "params": header.get("params") or {},
            "lang": lang,
            "engine": engine()[1],
        }
        self.words = words(lang)
        state = {"header": self.header, "words": self.words}
        if self.header["engine"] and not _ENGINE_GIVEN:
            # in the state the widget is made with: the page has it before any view is drawn
            _ENGINE_GIVEN.append(True)
            state["engine"] = engine()[0]
        self.widget = (widget or _widget_class())(**state)
        if hasattr(self.widget, "on_msg"):
            self.widget.on_msg(self._asked)
        self._cells = list(start) if start is not None else None
        self._sealed = []        # the archive's sealed chunks, packed
        self._open = Chunk(0)    # the steps not sealed yet
        self._batch = Chunk(0)   # the steps not sent live yet
        self._steps = 0
        self._synced = (0, 0.0)  # bytes of the archive at its last sync, and when
        self._last = 0.0
        self._ended = False
        self._handle = None
        # steps made and then a pause (a search waiting, a sleep, a kernel about to die): what
        # waits is sent a period later all the same, from a timer
        self._lock = threading.RLock()
        self._timer = None
        if display:
            from IPython.display import display as show
            self._handle = show(self.widget, display_id=True)

    def _asked(self, widget, content, buffers):
        """The page asks for the race's module (a view found none there): sent, as bytes."""
        if isinstance(content, dict) and content.get("want") == "engine":
            data, name = engine()
            if data is not None:
                widget.send({"engine": name}, buffers=[data])

    def step(self, line, cells, pop=None):
        """The step just written: ``line`` as in the trace, ``cells`` the board after it,
        ``pop`` its population reduced (:func:`population`)."""
        with self._lock:
            before = self._cells
            if before is None:
                changes = [(i, v) for i, v in enumerate(cells) if v]
            else:
                changes = [(i, v) for i, (a, v) in enumerate(zip(before, cells)) if a != v]
            self._cells = list(cells)
            self._open.add(changes, line, pop)
            self._batch.add(changes, line, pop)
            self._steps += 1
            if self._open.n >= CHUNK:
                self._sealed.append(_pack(self._open.value()))
                self._open = Chunk(self._steps)
            now = time.monotonic()
            if now - self._last >= PERIOD:
                self.flush(now)
            elif self._timer is None:
                self._timer = threading.Timer(PERIOD, self._late)
                self._timer.daemon = True
                self._timer.start()

    def _late(self):
        """A period after steps that no later step sent: send them."""
        with self._lock:
            self._timer = None
            if not self._ended and self._batch.n:
                try:
                    self.flush()
                except Exception:  # the kernel is going: nothing more to say
                    pass

    def flush(self, now=None):
        """Send what is waiting, and the archive when it is due."""
        with self._lock:
            now = now if now is not None else time.monotonic()
            if self._batch.n:
                self.widget.send({"live": self._batch.value()})
                self._batch = Chunk(self._steps)
            self._last = now
            size = sum(len(s) for s in self._sealed)
            synced, when = self._synced
            if (self._steps and self.widget.archived == 0) or size >= 2 * max(synced, 1) \
                    or (size < SMALL and now - when >= 1.0):
                self.sync(now)

    def between_cells(self):
        """The cell that stepped the run ended without its end: it stays open (a later cell may
        step it on, or end it), and the view says so."""
        with self._lock:
            if not self._ended:
                self.flush()
                self.widget.send({"open": "cell"})

    def archive(self):
        """The whole run so far, packed."""
        out = list(self._sealed)
        if self._open.n:
            out.append(_pack(self._open.value()))
        return out

    def sync(self, now=None):
        """The archive, as the widget's state."""
        chunks = self.archive()
        self.widget.archive = chunks
        self.widget.archived = self._steps
        self._synced = (sum(len(s) for s in self._sealed),
                        now if now is not None else time.monotonic())

    def end(self, closing):
        """The run has ended, as ``closing`` says (the closing line, with ``result`` the board
        it returns as numbers; or ``{"cut": why}``): everything is sent, and the cell's output
        becomes the run's own page."""
        with self._lock:
            if self._ended:
                return
            self._ended = True
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self.flush()
            self.sync()
        self.widget.closing = closing
        self.widget.send({"closing": closing})
        if self._handle is not None:
            try:
                self._handle.update({"text/html": self.page(closing),
                                     "text/plain": "%s: %d steps" % (self.header["algorithm"],
                                                                     self._steps)}, raw=True)
            except Exception:  # a front end without display updates keeps the live view
                pass

    def page(self, closing):
        """The run as a page of its own: its archive and the view's code (deflated: ten
        kilobytes a page), nothing fetched from elsewhere."""
        data = {"header": self.header, "words": self.words, "archive": self.archive(),
                "archived": self._steps, "closing": closing}
        blob = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
        # no "<" at all inside the script element ("</script>", "<!--" would end or hide it)
        blob = blob.replace("<", "\\u003c")
        key = "sudoscope-%x%x" % (id(self), int(time.time() * 1000))
        return _PAGE % {"key": key, "data": blob, "code": _code_packed(),
                        "still": self.still(closing)}

    def still(self, closing):
        """What the page shows where its script does not run (a notebook not trusted here):
        the run in words and its last board as text, and how to see the rest."""
        import html
        symbols = "123456789ABCDEFGHIJKLMNOP"
        n = self.n
        cells = self._cells or self.header["givens"]
        rows = [" ".join(symbols[v - 1] if 0 < v <= len(symbols) else "." for v in cells[r * n:(r + 1) * n])
                for r in range(n)]
        if closing.get("cut"):
            how = self.words.get("nb-cut", "cut short")
        else:
            end = closing.get("end", "")
            how = self.words.get("nb-ended", "ended") + ": " + \
                self.words.get("nb-outcome-" + end, end)
        said = "%s · %s · %d %s" % (self.header["algorithm"], how, self._steps,
                                    self.words.get("nb-received", "steps"))
        return ("<p>%s</p><pre>%s</pre><p><em>%s</em></p>"
                % (html.escape(said), html.escape("\n".join(rows)),
                   html.escape(self.words.get("nb-untrusted", ""))))


# the page of a run: its data, and a loader that inflates the view's code and renders it
_PAGE = """<div class="sudoscope-page" id="%(key)s">%(still)s</div>
<script type="application/json" id="%(key)s-data">%(data)s</script>
<script type="module">
const bytes = (t) => Uint8Array.from(atob(t), (c) => c.charCodeAt(0));
const inflate = (t) => new Response(new Blob([bytes(t)]).stream()
  .pipeThrough(new DecompressionStream('deflate'))).text();
const code = await inflate('%(code)s');
const view = await import(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
const data = JSON.parse(document.getElementById('%(key)s-data').textContent);
const el = document.getElementById('%(key)s');
el.replaceChildren();
view.default.render({ model: view.pageModel(data), el });
</script>"""

_PACKED = []


def _code_packed():
    """The view's code, deflated, in base64 (read once a process)."""
    if not _PACKED:
        with open(os.path.join(_HERE, "view.js"), "rb") as f:
            _PACKED.append(base64.b64encode(zlib.compress(f.read(), 9)).decode("ascii"))
    return _PACKED[0]
