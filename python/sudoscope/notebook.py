"""The search live in the notebook cell that runs it (Jupyter, JupyterLab, VS Code, Colab).

``Trace(...)`` in a notebook shows the run in the cell's output as it goes, through anywidget
(``pip install "sudoscope-helper[notebook]"``): the board with its givens and conflicts, the cost
chart with the named metrics, the step log, and controls that need no Python while the cell
runs (play and pause, one step back or on, the speed, a slider along the run). The steps go to
the page in batches, at most 30 times a second, so the search pays a list append per step and
the page draws at the screen's rate. Without anywidget the helper says how to get it, once, and
writes its trace file as always.
"""

import json
import os
import sys
import time

# how often a batch of steps goes to the page, in seconds
PERIOD = 1 / 30

_HERE = os.path.dirname(os.path.abspath(__file__))
_TOLD = []


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
    """The view's words in ``lang`` (en, es, pt), from the copy of the catalogs' ``nb-`` entries."""
    with open(os.path.join(_HERE, "view_words.json"), encoding="utf-8") as f:
        table = json.load(f)
    return table.get(lang) or table["en"]


def language():
    """The class's language, as the program picks it: LC_ALL, LC_MESSAGES, LANG."""
    for name in ("SUDOSCOPE_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name, "")
        if value:
            code = value.split("_")[0].split(".")[0].lower()
            return code if code in ("en", "es", "pt") else "en"
    return "en"


def open_view(header, givens, n, path, start=None, lang=None):
    """The live view of a run in this notebook cell, shown now; ``None`` outside a notebook, or
    without anywidget (then said once, with where the trace goes). ``givens`` are the puzzle's
    cells (zeros when only its name is known), ``start`` the board the run starts from."""
    if not in_notebook():
        return None
    lang = lang or language()
    try:
        import anywidget  # noqa: F401
    except ImportError:
        if not _TOLD:
            _TOLD.append(True)
            said = words(lang)["nb-get-anywidget"].replace("{ $path }", str(path))
            sys.stderr.write(said + "\n")
        return None
    return View(header, givens, n, start=start, lang=lang)


class View(object):
    """One run, drawn in the cell's output; steps go to it in batches."""

    def __init__(self, header, givens, n, start=None, lang="en", display=True):
        import anywidget
        import traitlets

        class Widget(anywidget.AnyWidget):
            _esm = os.path.join(_HERE, "view.js")
            header = traitlets.Dict().tag(sync=True)
            words = traitlets.Dict().tag(sync=True)

        self.widget = Widget(
            header={
                "n": n,
                "givens": list(givens),
                "start": list(start) if start is not None else None,
                "algorithm": header.get("algorithm", ""),
                "puzzle": header.get("puzzle", ""),
                "lang": lang,
            },
            words=words(lang),
        )
        self._pending = []
        self._last = 0.0
        if display:
            from IPython.display import display as show
            show(self.widget)

    def step(self, line, cells):
        """The step just written: ``line`` as in the trace (its whole board as numbers when it
        has one), ``cells`` the board after it."""
        entry = dict(line)
        if "board" in entry:
            entry["board"] = list(cells)
        self._pending.append(entry)
        now = time.monotonic()
        if now - self._last >= PERIOD:
            self.flush(now)

    def flush(self, now=None):
        """Send what is waiting."""
        if self._pending:
            self.widget.send({"steps": self._pending})
            self._pending = []
        self._last = now if now is not None else time.monotonic()

    def end(self, line):
        """The closing line: what is waiting, then the end."""
        self.flush()
        self.widget.send({"end": line})
