"""The live view in a notebook: outside one nothing changes; in one, without anywidget the helper
says how to get it (once) and writes its file as always; with it, a notebook executed headless
(``jupyter nbconvert --execute``) holds the view in its cell's output, and the steps reach it in
batches, never one message per step."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGE = os.path.dirname(HERE)
sys.path.insert(0, PACKAGE)

from sudoscope import Trace  # noqa: E402
from sudoscope import notebook  # noqa: E402

SUDOKU_7 = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."


def have(*modules):
    try:
        for m in modules:
            __import__(m)
        return True
    except ImportError:
        return False


# .ci/run installs what the notebook test needs and sets this, so that there it never skips
REQUIRED = os.environ.get("SUDOSCOPE_REQUIRE_NOTEBOOK") == "1"


class Words(unittest.TestCase):
    def test_the_view_speaks_each_language_with_the_same_words(self):
        keys = set(notebook.words("en"))
        self.assertGreater(len(keys), 15)
        for lang in ("es", "pt"):
            self.assertEqual(set(notebook.words(lang)), keys)
        self.assertEqual(notebook.words("es")["nb-step"], "paso")
        # a language the view does not speak falls back to English
        self.assertEqual(notebook.words("fr"), notebook.words("en"))


class OutsideANotebook(unittest.TestCase):
    def test_no_view_and_nothing_said(self):
        self.assertFalse(notebook.in_notebook())
        path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
        with Trace(SUDOKU_7, "mine", path=path) as t:
            t.step(SUDOKU_7.replace(".", "1"), cost=3)
            self.assertIsNone(t._view)


class Batching(unittest.TestCase):
    """The view's side in the kernel, with a stand-in widget: steps go out in batches."""

    def test_a_fast_search_sends_a_few_batches_not_a_message_a_step(self):
        sent = []

        class Widget(object):
            def send(self, msg):
                sent.append(msg)

        view = notebook.View.__new__(notebook.View)
        view.widget = Widget()
        view._pending = []
        view._last = 0.0
        board = [1] * 81
        for i in range(20000):
            board[i % 81] = 1 + i % 9
            view.step({"step": i + 1, "changed": [[i % 81, 1 + i % 9]]}, list(board))
        view.end({"end": "stuck", "steps": 20000})
        steps = [s for m in sent for s in m.get("steps", [])]
        self.assertEqual(len(steps), 20000)
        self.assertEqual([s["step"] for s in steps], list(range(1, 20001)))
        self.assertEqual(sent[-1], {"end": {"end": "stuck", "steps": 20000}})
        # a batch at most every 1/30 s: far fewer messages than steps
        self.assertLess(len(sent), 2000, len(sent))


NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": [
                "import sys\n",
                "sys.path.insert(0, %r)\n" % PACKAGE,
                "from sudoscope import Trace\n",
                "board = list(%r.replace('.', '1'))\n" % SUDOKU_7,
                "with Trace(%r, 'mi búsqueda', path='run.jsonl') as t:\n" % SUDOKU_7,
                "    for i in range(300):\n",
                "        board[1] = str(1 + i % 9)\n",
                "        t.step(''.join(board), cost=300 - i)\n",
                "    t.end('stuck')\n",
            ],
        }
    ],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
    "nbformat": 4,
    "nbformat_minor": 5,
}


@unittest.skipUnless(REQUIRED or have("nbconvert", "ipykernel", "anywidget"),
                     "jupyter nbconvert, ipykernel and anywidget are not installed")
class InANotebook(unittest.TestCase):
    def test_an_executed_notebook_holds_the_live_view_in_its_cell(self):
        work = tempfile.mkdtemp()
        path = os.path.join(work, "live.ipynb")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(NOTEBOOK, f)
        done = subprocess.run(
            [sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute",
             "--ExecutePreprocessor.timeout=120", "--output", "done.ipynb", path],
            cwd=work, capture_output=True, text=True, timeout=300)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(os.path.join(work, "done.ipynb"), encoding="utf-8") as f:
            cell = json.load(f)["cells"][0]
        kinds = [k for o in cell["outputs"] for k in o.get("data", {})]
        self.assertIn("application/vnd.jupyter.widget-view+json", kinds, cell["outputs"])
        said = "".join("".join(o.get("text", "")) for o in cell["outputs"]
                       if o.get("name") == "stderr")
        self.assertNotIn("pip install", said)
        # and the trace file was written as without the view
        with open(os.path.join(work, "run.jsonl"), encoding="utf-8") as f:
            self.assertEqual(sum(1 for _ in f), 302)


if __name__ == "__main__":
    unittest.main()
