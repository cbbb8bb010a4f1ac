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


class Widget(object):
    """A stand-in for the anywidget widget: what the view sends, and its synced state."""

    def __init__(self, header, words, engine=b""):
        self.header, self.words, self.engine = header, words, engine
        self.archive, self.archived, self.closing = [], 0, {}
        self.sent = []

    def send(self, msg):
        self.sent.append(msg)


class Sending(unittest.TestCase):
    """The view's side in the kernel, with a stand-in widget: steps go out in batches, and the
    archive holds every step, packed."""

    def test_a_fast_search_sends_a_few_batches_and_an_archive_of_every_step(self):
        view = notebook.View({"algorithm": "x"}, [0] * 81, 9, lang="es", display=False,
                             widget=Widget)
        board = [1] * 81
        for i in range(20000):
            board[i % 81] = 1 + i % 9
            view.step({"step": i + 1, "changed": [[i % 81, 1 + i % 9]], "move": "m",
                       "metrics": {"temperature": 0.5 ** (i % 60)}}, list(board))
        view.end({"end": "stuck", "steps": 20000})
        live = [m["live"] for m in view.widget.sent if "live" in m]
        # in order, once: each batch begins where the one before ended
        self.assertEqual(live[0]["first"], 0)
        for a, b in zip(live, live[1:]):
            self.assertEqual(b["first"], a["first"] + a["n"])
        self.assertEqual(sum(b["n"] for b in live), 20000)
        # a batch at most every 1/30 s: far fewer messages than steps
        self.assertLess(len(view.widget.sent), 2000, len(view.widget.sent))
        self.assertEqual(view.widget.sent[-1], {"closing": {"end": "stuck", "steps": 20000}})
        # the archive: every step, in sealed chunks of 4,096 and the last one
        import base64, zlib
        chunks = [json.loads(zlib.decompress(base64.b64decode(c))) for c in view.widget.archive]
        self.assertEqual([c["n"] for c in chunks], [4096] * 4 + [20000 - 4 * 4096])
        self.assertEqual([c["first"] for c in chunks], [0, 4096, 8192, 12288, 16384])
        self.assertEqual(view.widget.archived, 20000)
        self.assertEqual(view.widget.closing, {"end": "stuck", "steps": 20000})
        # numbers to six significant digits; a change as cell and value in base 36
        self.assertEqual(chunks[0]["met"]["temperature"][:3], [1, 0.5, 0.25])
        self.assertEqual(chunks[0]["ch"].split(",")[1], "012")

    def test_steps_before_a_pause_are_sent_a_period_later_all_the_same(self):
        import time
        view = notebook.View({"algorithm": "x"}, [0] * 81, 9, display=False, widget=Widget)
        board = [1] * 81
        for i in range(3):
            board[i] = 2
            view.step({"step": i + 1, "changed": [[i, 2]]}, list(board))
        # the search pauses here: no later step sends what waits; a timer does
        deadline = time.monotonic() + 10
        while sum(m["live"]["n"] for m in view.widget.sent if "live" in m) < 3:
            self.assertLess(time.monotonic(), deadline, view.widget.sent)
            time.sleep(0.01)
        view.end({"end": "stuck", "steps": 3})

    def test_a_run_a_cell_leaves_open_stays_open_and_a_raising_cell_closes_it(self):
        from sudoscope import trace as module
        path = os.path.join(tempfile.mkdtemp(), "run.jsonl")
        t = Trace(SUDOKU_7, "mine", path=path)
        t._run.view = notebook.View({"algorithm": "mine"}, [0] * 81, 9, display=False,
                                    widget=Widget)
        t.step(SUDOKU_7.replace(".", "1"))
        module._after_cell(None)
        self.assertIn({"open": "cell"}, t._run.view.widget.sent)
        self.assertFalse(t._run.closed, "a later cell may step it on")
        # the next cell steps it on, and raises: failed, with what it raised
        t.step(SUDOKU_7.replace(".", "2"))

        class Raised(object):
            error_in_exec = ValueError("a bug")
        module._after_cell(Raised())
        self.assertTrue(t._run.closed)
        self.assertEqual(t._run.view.widget.closing,
                         {"end": "failed", "steps": 2, "error": "ValueError: a bug"})

    def test_a_population_is_counted_from_its_boards(self):
        boards = [[1] * 81, [1] * 80 + [2]]
        pop = notebook.population(boards, None, 2, 9)
        self.assertEqual(pop["t"], 2)
        self.assertEqual(pop["k"], 1)
        # all ones: 8 missing in each of 27 units; one 2 brings three units a value each
        self.assertEqual((pop["b"], pop["w"]), (213, 216))
        self.assertEqual(pop["d"], 1.0)
        self.assertEqual(pop["pc"], "1" * 80 + "2")
        self.assertEqual(notebook.population(None, [3.5, 1.5], 2, 9),
                         {"t": 2, "k": 0, "b": 1.5, "m": 2.5, "w": 3.5})


class Engine(unittest.TestCase):
    """The page's module the view's races run on: found where the helper looks, named by its
    hash in every view's header, and carried by the first view of a process only."""

    def setUp(self):
        self.saved = (list(notebook._ENGINE), list(notebook._ENGINE_GIVEN),
                      os.environ.get("SUDOSCOPE_PAGE_WASM"), notebook._beside)
        notebook._ENGINE[:] = []
        notebook._ENGINE_GIVEN[:] = []
        self.dir = tempfile.mkdtemp()
        # the helper as if installed with no page.wasm beside it and no source tree's
        # target/site above it
        notebook._beside = lambda: []

    def tearDown(self):
        engine, given, env, beside = self.saved
        notebook._beside = beside
        notebook._ENGINE[:] = engine
        notebook._ENGINE_GIVEN[:] = given
        if env is None:
            os.environ.pop("SUDOSCOPE_PAGE_WASM", None)
        else:
            os.environ["SUDOSCOPE_PAGE_WASM"] = env

    def module(self, data):
        path = os.path.join(self.dir, "m.wasm")
        with open(path, "wb") as f:
            f.write(data)
        os.environ["SUDOSCOPE_PAGE_WASM"] = path
        return path

    def test_the_first_view_carries_the_module_and_every_view_names_it(self):
        import hashlib
        data = b"\0asm\x01\0\0\0" + b"sudoscope_race_start" + b"x" * 100
        path = self.module(data)
        self.assertEqual(notebook.engine_path(), path)
        first = notebook.View({"algorithm": "a"}, [0] * 81, 9, display=False, widget=Widget)
        second = notebook.View({"algorithm": "b"}, [0] * 81, 9, display=False, widget=Widget)
        name = hashlib.sha256(data).hexdigest()[:16]
        self.assertEqual(first.header["engine"], name)
        self.assertEqual(second.header["engine"], name)
        self.assertEqual(first.widget.engine, data)
        self.assertEqual(second.widget.engine, b"")

    def test_none_found_is_looked_for_again(self):
        os.environ["SUDOSCOPE_PAGE_WASM"] = os.path.join(self.dir, "not yet.wasm")
        before = notebook.engine()
        self.module(b"\0asm\x01\0\0\0" + b"sudoscope_race_start")
        self.assertIsNone(before[0])
        self.assertIsNotNone(notebook.engine()[0])

    def test_a_file_that_is_not_webassembly_or_has_no_races_is_passed_over(self):
        self.module(b"#!/bin/sh\n")
        self.assertIsNone(notebook.engine_path())
        # a page's module from before races
        self.module(b"\0asm\x01\0\0\0" + b"sudoscope_frame" + b"x" * 100)
        self.assertIsNone(notebook.engine_path())
        view = notebook.View({"algorithm": "a"}, [0] * 81, 9, display=False, widget=Widget)
        self.assertIsNone(view.header["engine"])
        self.assertEqual(view.widget.engine, b"")


class Language(unittest.TestCase):
    def test_the_class_language_from_the_environment_else_the_system(self):
        saved = {k: os.environ.pop(k, None) for k in ("SUDOSCOPE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
        try:
            os.environ["LANG"] = "es_AR.UTF-8"
            self.assertEqual(notebook.language(), "es")
            os.environ["SUDOSCOPE_LANG"] = "pt"
            self.assertEqual(notebook.language(), "pt")
            del os.environ["SUDOSCOPE_LANG"], os.environ["LANG"]
            # no variable: the system's locale, as Windows and macOS name it
            for said, code in (("es-AR", "es"), ("Spanish_Argentina", "es"), ("pt_BR", "pt"),
                               ("Portuguese_Brazil", "pt"), ("", "en"), ("de_DE", "en")):
                real = notebook.system_locale
                notebook.system_locale = lambda: said
                try:
                    self.assertEqual(notebook.language(), code, said)
                finally:
                    notebook.system_locale = real
        finally:
            for k, v in saved.items():
                if v is not None:
                    os.environ[k] = v
                else:
                    os.environ.pop(k, None)


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
        # the run ended: its view became a page of its own, holding every step
        pages = [o["data"]["text/html"] for o in cell["outputs"] if "text/html" in o.get("data", {})]
        self.assertEqual(len(pages), 1, cell["outputs"])
        page = "".join(pages[0])
        self.assertIn("sudoscope-page", page)
        self.assertIn('"archived":300', page)
        # nothing on standard error: no error box for a note
        said = "".join("".join(o.get("text", "")) for o in cell["outputs"]
                       if o.get("name") == "stderr")
        self.assertEqual(said, "")
        # and the trace file was written as without the view
        with open(os.path.join(work, "run.jsonl"), encoding="utf-8") as f:
            self.assertEqual(sum(1 for _ in f), 302)


if __name__ == "__main__":
    unittest.main()
