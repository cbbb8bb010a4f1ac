"""The Python helper: boards in every form the course uses, the lines it writes, and the real
binary reading them (`sudoscope watch --check`). Runs under pytest or `python3 -m unittest`."""

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, ROOT)

from sudoscope import Trace, board_cells  # noqa: E402

SUDOKU_7 = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
FIXED = {"A1": 3, "A3": 4, "A4": 5, "A5": 6, "A7": 9}


def binary():
    """The sudoscope to test against: the one cargo built, or the one installed."""
    found = os.environ.get("SUDOSCOPE_BIN") or shutil.which("sudoscope")
    if not found:
        candidate = os.path.join(os.path.dirname(ROOT), "target", "debug", "sudoscope")
        found = candidate if os.path.exists(candidate) else None
    return found


def missing(board):
    """The values missing from the rows, columns and boxes of a 9x9 board written as symbols."""
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(br + r) * 9 + bc + c for r in range(3) for c in range(3)]
              for br in (0, 3, 6) for bc in (0, 3, 6)]
    return sum(9 - len(set(board[i] for i in u) - {"."}) for u in units)


def read_lines(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


class Boards(unittest.TestCase):
    def test_the_courses_dictionary(self):
        cells = board_cells(FIXED)
        self.assertEqual(len(cells), 81)
        self.assertEqual(cells[:9], [3, 0, 4, 5, 6, 0, 9, 0, 0])
        self.assertEqual(board_cells({"I9": "7"})[80], 7)

    def test_strings_lists_and_nested_lists(self):
        flat = board_cells(SUDOKU_7)
        self.assertEqual(flat[0], 3)
        self.assertEqual(flat[1], 0)
        nested = [flat[r * 9:(r + 1) * 9] for r in range(9)]
        self.assertEqual(board_cells(nested), flat)
        self.assertEqual(board_cells(tuple(flat)), flat)
        self.assertEqual(board_cells([None] * 16), [0] * 16)
        self.assertEqual(board_cells("1234341221434321"), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])

    def test_numpy_arrays_when_numpy_is_there(self):
        try:
            import numpy
        except ImportError:
            self.skipTest("numpy is not installed")
        grid = numpy.array(board_cells(SUDOKU_7)).reshape(9, 9)
        self.assertEqual(board_cells(grid), board_cells(SUDOKU_7))

    def test_mistakes_say_what_is_wrong(self):
        with self.assertRaisesRegex(ValueError, "'Z1' is not a cell"):
            board_cells({"Z1": 3})
        with self.assertRaisesRegex(ValueError, "not a value"):
            board_cells({"A1": 12})
        with self.assertRaisesRegex(ValueError, "16, 81, 256 or 625"):
            board_cells([1, 2, 3])
        with self.assertRaisesRegex(ValueError, "not a whole number"):
            board_cells([1.5] + [0] * 80)


class Lines(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.path = os.path.join(self.dir, "t.jsonl")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def test_header_steps_and_closing_line(self):
        start = SUDOKU_7.replace(".", "1")
        t = Trace(FIXED, "mine", params={"k": 3}, seed=7, neighbourhood="swap_box",
                  start=start, path=self.path)
        moved = "7" + start[1:]
        t.step(moved, cost=1.5, accepted=True, move="set A1", temperature=0.5)
        t.step(moved, accepted=False)
        t.step("9" * 81)
        t.end("budget_spent", cost=2)
        header, zero, one, two, three, end = read_lines(self.path)
        self.assertEqual(header["sudoscope_trace"], "1.2")
        self.assertEqual((header["algorithm"], header["neighbourhood"], header["seed"]),
                         ("mine", "swap_box", 7))
        self.assertEqual(header["params"], {"k": 3})
        self.assertEqual(len(header["givens"]), 81)
        self.assertEqual(zero, {"step": 0, "board": start})
        self.assertEqual(one["changed"], [[0, 7]])
        self.assertEqual((one["cost"], one["accepted"], one["move"]), (1.5, True, "set A1"))
        self.assertEqual(one["metrics"], {"temperature": 0.5})
        self.assertEqual((two["changed"], two["accepted"]), ([], False))
        self.assertEqual(three["board"], "9" * 81, "many changes: the whole board")
        self.assertEqual(end, {"end": "budget_spent", "steps": 3, "cost": 2})

    def test_a_named_puzzle_is_passed_on(self):
        with Trace("top95:3", "mine", path=self.path) as t:
            t.step(SUDOKU_7)
        header = read_lines(self.path)[0]
        self.assertEqual(header["puzzle"], "top95:3")
        self.assertNotIn("givens", header)
        # a with block left without trace.end() is cut short: no outcome it did not say
        self.assertNotIn("end", read_lines(self.path)[-1])

    def test_every_way_a_run_stops_closes_it(self):
        # an exception in the with block: failed, with what was raised
        with self.assertRaises(ZeroDivisionError):
            with Trace(SUDOKU_7, "mine", path=self.path) as t:
                t.step(SUDOKU_7)
                1 / 0
        self.assertEqual(read_lines(self.path)[-1],
                         {"end": "failed", "steps": 1, "error": "ZeroDivisionError: division by zero"})
        # Ctrl-C: interrupted
        with self.assertRaises(KeyboardInterrupt):
            with Trace(SUDOKU_7, "mine", path=self.path) as t:
                t.step(SUDOKU_7)
                t.step(SUDOKU_7)
                raise KeyboardInterrupt
        self.assertEqual(read_lines(self.path)[-1], {"end": "interrupted", "steps": 2})
        # collected before its end: the file is closed, cut short
        t = Trace(SUDOKU_7, "mine", path=self.path)
        t.step(SUDOKU_7)
        del t
        import gc
        gc.collect()
        self.assertEqual(len(read_lines(self.path)), 2)
        self.assertNotIn("end", read_lines(self.path)[-1])
        # the interpreter's end after an uncaught exception: failed
        script = ("import sys; sys.path.insert(0, %r); from sudoscope import Trace\n"
                  "t = Trace(%r, 'x', path=%r); t.step(%r)\nraise RuntimeError('the search broke')\n"
                  % (ROOT, SUDOKU_7, self.path, SUDOKU_7))
        subprocess.run([sys.executable, "-c", script], cwd=self.dir, capture_output=True)
        self.assertEqual(read_lines(self.path)[-1],
                         {"end": "failed", "steps": 1, "error": "RuntimeError: the search broke"})

    def test_under_watch_the_lines_go_to_standard_output(self):
        code = ("import sys; sys.path.insert(0, %r); from sudoscope import Trace; "
                "t = Trace(%r, 'x'); t.step(%r); t.end('solved')" % (ROOT, SUDOKU_7, SUDOKU_7))
        env = dict(os.environ, SUDOSCOPE_WATCH="1")
        out = subprocess.run([sys.executable, "-c", code], env=env, cwd=self.dir,
                             stdout=subprocess.PIPE, check=True).stdout.decode()
        kinds = [list(json.loads(l))[0] for l in out.splitlines()]
        self.assertEqual(kinds, ["sudoscope_trace", "step", "end"])
        self.assertEqual(os.listdir(self.dir), [], "no file is written under watch")

    def test_a_population_goes_with_its_step(self):
        t = Trace(SUDOKU_7, "haz", path=self.path)
        state = {"%s%d" % (chr(65 + r), c + 1): v
                 for r in range(9) for c, v in enumerate(range(1, 10))}
        other = dict(state, A2=3)
        t.step(state, members=[state, other], member_costs=[0.5, 0.7])
        # the course's (cost, state) pairs as they are: the costs come with them
        t.step(state, members=[(0.5, state), (0.9, other)])
        t.step(state, members=(s for s in [state] * 1005))
        t.end("stuck")
        one, two, three = read_lines(self.path)[1:4]
        self.assertEqual(one["members"], ["123456789" * 9, "133456789" + "123456789" * 8])
        self.assertEqual(one["member_costs"], [0.5, 0.7])
        self.assertNotIn("members_total", one)
        self.assertEqual(two["member_costs"], [0.5, 0.9])
        self.assertEqual(two["members"][1][:3], "133")
        self.assertEqual(len(three["members"]), 1000, "at most a thousand written")
        self.assertEqual(three["members_total"], 1005, "and how many there were")

    def test_a_population_is_checked_where_it_is_passed(self):
        t = Trace(SUDOKU_7, "haz", path=self.path)
        state = {"%s%d" % (chr(65 + r), c + 1): 1 for r in range(9) for c in range(9)}
        short = dict(state)
        del short["E5"]
        with self.assertRaisesRegex(ValueError, r"members\[1\]: the state has no value for E5"):
            t.step(state, members=[state, short])
        with self.assertRaisesRegex(ValueError, "2 costs for 3 members"):
            t.step(state, members=[state] * 3, member_costs=[1, 2])
        with self.assertRaisesRegex(TypeError, r"member_costs\[1\] is a number"):
            t.step(state, member_costs=[1, "x"])
        t.end("stuck")
        self.assertEqual(len(read_lines(self.path)), 2, "nothing refused was written")

    def test_bad_arguments_are_refused(self):
        with self.assertRaisesRegex(ValueError, "neighbourhood"):
            Trace(SUDOKU_7, neighbourhood="diagonal", path=self.path)
        t = Trace(SUDOKU_7, path=self.path)
        with self.assertRaisesRegex(ValueError, "outcome"):
            t.end("won")
        t.end("stuck")


@unittest.skipUnless(binary(), "no sudoscope binary: build it (cargo build) or install it")
class AgainstTheBinary(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()

    def tearDown(self):
        shutil.rmtree(self.dir)

    def check(self, *args):
        return subprocess.run([binary(), "watch", "--check"] + list(args), cwd=self.dir,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)

    def test_the_examples_trace_reads_back_with_the_same_cost(self):
        example = os.path.join(ROOT, "examples", "steepest.py")
        subprocess.run([sys.executable, example, "--seed", "3"], cwd=self.dir, check=True,
                       stderr=subprocess.PIPE, timeout=120)
        path = os.path.join(self.dir, "gradiente-descendente.trace.jsonl")
        lines = read_lines(path)
        out = self.check(path)
        self.assertEqual(out.returncode, 0, out.stderr.decode() + out.stdout.decode())
        summary = out.stdout.decode().splitlines()[0]
        steps = len(lines) - 3
        self.assertIn("%d steps" % steps, summary)
        # the course counts a tenth of ours: the board's cost is ten times what it reported
        reported = lines[-2]["cost"]
        self.assertIn("the last board has cost %d" % round(reported * 10), summary)

    def test_a_beam_shows_its_members_counted_from_their_boards(self):
        example = os.path.join(ROOT, "examples", "beam.py")
        subprocess.run([sys.executable, example, "--seed", "3", "--k", "6"], cwd=self.dir,
                       check=True, stderr=subprocess.PIPE, timeout=300)
        path = os.path.join(self.dir, "busqueda-local-por-haz.trace.jsonl")
        steps = [l for l in read_lines(path) if "step" in l]
        members = steps[-1]["members"]
        self.assertEqual(len(members), 6)
        # the course counts a tenth of ours per missing value; the screen counts its own
        self.assertEqual([round(c * 10) for c in steps[-1]["member_costs"]],
                         [missing(m) for m in members])
        costs = [missing(m) for m in members]
        out = self.check(path)
        self.assertEqual(out.returncode, 0, out.stderr.decode() + out.stdout.decode())
        self.assertIn("its last population: 6 members, cost best %d, mean %s, worst %d (counted"
                      % (min(costs), ("%.3f" % (sum(costs) / 6.0)).rstrip("0").rstrip("."),
                         max(costs)),
                      out.stdout.decode())

    def test_a_command_is_read_as_it_runs(self):
        example = os.path.join(ROOT, "examples", "annealing.py")
        out = self.check("--", sys.executable, example, "--seed", "2")
        self.assertEqual(out.returncode, 0, out.stderr.decode() + out.stdout.decode())
        self.assertRegex(out.stdout.decode(), r"recocido simulado: \d+ steps of 9x9")

    def test_a_malformed_line_names_its_line_and_the_rest_reads(self):
        path = os.path.join(self.dir, "bad.jsonl")
        with open(path, "w") as f:
            f.write('{"sudoscope_trace": "1.0", "givens": "%s"}\n' % SUDOKU_7)
            f.write('{"step": 1, "changed": [[1, 7]]}\n')
            f.write('{"step": 2, "changed": [[1, 99]]}\n')
            f.write('{"step": 3, "changed": [[3, 2]]}\n')
            f.write('{"end": "stuck"}\n')
        out = self.check(path)
        self.assertEqual(out.returncode, 2)
        text = out.stdout.decode()
        self.assertIn("2 steps", text)
        self.assertIn("line 3, column", text)

    def test_a_command_that_fails_shows_its_status_and_last_words(self):
        script = os.path.join(self.dir, "fails.py")
        with open(script, "w") as f:
            f.write("import sys\n"
                    "sys.path.insert(0, %r)\n"
                    "from sudoscope import Trace\n"
                    "t = Trace(%r, 'fails')\n"
                    "t.step(%r)\n"
                    "raise RuntimeError('the search broke')\n" % (ROOT, SUDOKU_7, SUDOKU_7))
        out = self.check("--", sys.executable, script)
        text = out.stdout.decode()
        self.assertIn("fails: 1 steps", text)
        self.assertIn("exited with status 1", text)
        self.assertIn("RuntimeError: the search broke", text)

    def test_an_unknown_major_version_is_refused(self):
        path = os.path.join(self.dir, "v2.jsonl")
        with open(path, "w") as f:
            f.write('{"sudoscope_trace": "2.0", "givens": "%s"}\n' % SUDOKU_7)
        out = self.check(path)
        self.assertEqual(out.returncode, 2)
        self.assertIn("version 2.0 is not one this program reads", out.stderr.decode())


if __name__ == "__main__":
    unittest.main()


class CallSite(unittest.TestCase):
    """What a search passes wrongly is refused where it is passed, with what was wrong, never
    written for the viewer to drop."""

    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.trace = Trace(SUDOKU_7, "checked", path=os.path.join(self.dir, "t.jsonl"))
        self.state = {"%s%d" % (chr(65 + r), c + 1): 1 for r in range(9) for c in range(9)}

    def tearDown(self):
        self.trace.end("stuck")
        shutil.rmtree(self.dir)

    def test_a_state_with_missing_cells_is_refused(self):
        partial = dict(self.state)
        del partial["C4"], partial["I9"]
        with self.assertRaisesRegex(ValueError, "no value for C4, I9"):
            self.trace.step(partial, cost=3)
        # the puzzle's fixed cells alone are a puzzle, not a state
        Trace(FIXED, "fixed only", path=os.path.join(self.dir, "f.jsonl")).end("stuck")

    def test_costs_and_metrics_are_numbers_and_any_number_is_written(self):
        # numbers JSON cannot hold are written as the words the viewer reads as them: the
        # search goes on (a search's `best = inf` before its first board is the usual start)
        self.trace.step(self.state, cost=float("inf"), best=float("inf"), t=float("-inf"),
                        x=float("nan"), big=10 ** 400, huge=10 ** 20, temperature=1e20)
        last = read_lines(self.trace.path)[-1]
        self.assertEqual(last["cost"], "inf")
        self.assertEqual(last["metrics"], {"best": "inf", "t": "-inf", "x": "nan", "big": "inf",
                                           "huge": 1e20, "temperature": 1e20})
        with self.assertRaisesRegex(TypeError, "is a number, not str"):
            self.trace.step(self.state, cost="3")
        with self.assertRaisesRegex(TypeError, "accepted is True or False"):
            self.trace.step(self.state, cost=2, accepted="yes")
        with self.assertRaisesRegex(TypeError, "move is the step in words"):
            self.trace.step(self.state, cost=2, move=3)
        self.trace.step(self.state, cost=2, accepted=True, move="ok", temperature=0.5)

    def test_file_names_keep_their_letters(self):
        from sudoscope.trace import _slug
        self.assertEqual(_slug("búsqueda local beam"), "busqueda-local-beam")
        self.assertEqual(_slug("recocido simulado (versión del curso)"),
                         "recocido-simulado-version-del-curso")
        self.assertEqual(_slug("¿?"), "search")

    def test_the_returned_state_goes_on_the_closing_line(self):
        path = os.path.join(self.dir, "r.jsonl")
        t = Trace(SUDOKU_7, "returns its best", path=path)
        t.step(SUDOKU_7.replace(".", "1"), cost=5)
        t.end("stuck", result=SUDOKU_7.replace(".", "2"))
        end = read_lines(path)[-1]
        self.assertEqual(end["result"], SUDOKU_7.replace(".", "2"))
        self.assertIn("run_id", read_lines(path)[0])
