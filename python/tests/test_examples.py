"""The course's five searches as examples (steepest, stochastic with and without plateaus,
annealing, beam, genetic): each runs, writes a trace the program reads back without a problem,
and marks the lines a student adds. Small settings keep them quick here."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
EXAMPLES = os.path.join(ROOT, "examples")
sys.path.insert(0, HERE)

from test_trace import binary  # noqa: E402

RUNS = {
    "steepest": (["steepest.py", "--seed", "2"], "gradiente-descendente"),
    "stochastic": (["stochastic.py", "--seed", "2"], "gradiente-estocastico"),
    "plateau": (["stochastic.py", "--plateau", "--seed", "2"], "gradiente-estocastico-con-mesetas"),
    "annealing": (["annealing.py", "--seed", "2"], "recocido-simulado"),
    "beam": (["beam.py", "--k", "3", "--seed", "2"], "busqueda-local-por-haz"),
    "genetic": (["genetic.py", "--population", "12", "--generations", "4", "--seed", "2"],
                "algoritmo-genetico"),
}


@unittest.skipUnless(binary(), "no sudoscope binary: build it (cargo build) or install it")
class Examples(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.dir = tempfile.mkdtemp()
        cls.lines = {}
        for name, (args, slug) in RUNS.items():
            subprocess.run([sys.executable, os.path.join(EXAMPLES, args[0])] + args[1:],
                           cwd=cls.dir, check=True, stderr=subprocess.PIPE, timeout=300)
            path = os.path.join(cls.dir, slug + ".trace.jsonl")
            with open(path, encoding="utf-8") as f:
                cls.lines[name] = [json.loads(l) for l in f if l.strip()]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.dir)

    def test_every_trace_reads_back_whole_with_its_ending(self):
        for name, (_, slug) in RUNS.items():
            out = subprocess.run([binary(), "watch", "--check", slug + ".trace.jsonl"],
                                 cwd=self.dir, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                 timeout=120)
            text = out.stdout.decode()
            self.assertEqual(out.returncode, 0, name + ": " + text + out.stderr.decode())
            steps = sum(1 for l in self.lines[name] if l.get("step", 0) > 0)
            self.assertIn("%d steps" % steps, text.splitlines()[0], name)
            self.assertIn(self.lines[name][-1]["end"], text.replace(" ", "_"), name)

    def test_the_plateau_variant_takes_sideways_moves_and_plain_descent_never(self):
        def costs(name):
            return [l["cost"] for l in self.lines[name] if "cost" in l and "step" in l]
        plain = costs("stochastic")
        self.assertTrue(all(b < a for a, b in zip(plain, plain[1:])), plain)
        flat = costs("plateau")
        self.assertTrue(all(b <= a for a, b in zip(flat, flat[1:])))
        self.assertTrue(any(b == a for a, b in zip(flat, flat[1:])), "no sideways move")

    def test_populations_go_whole_with_each_step(self):
        sizes = {"beam": 3, "genetic": 12}
        for name in ("beam", "genetic"):
            steps = [l for l in self.lines[name] if l.get("step", 0) > 0]
            self.assertTrue(steps, name)
            for s in steps:
                # every member, its cost beside it, the cheapest first: the board of the step
                self.assertEqual(len(s["members"]), sizes[name], name)
                self.assertEqual(len(s["member_costs"]), sizes[name], name)
                self.assertEqual(s["member_costs"], sorted(s["member_costs"]), name)
                self.assertEqual(s["member_costs"][0], s["cost"], name)
                self.assertTrue(all(len(m) == 81 and "." not in m for m in s["members"]), name)
        generations = [l["metrics"]["generation"] for l in self.lines["genetic"] if "metrics" in l]
        self.assertEqual(generations, list(range(1, len(generations) + 1)))

    def test_the_lines_a_student_adds_are_marked(self):
        for script in sorted({args[0] for args, _ in RUNS.values()}):
            with open(os.path.join(EXAMPLES, script), encoding="utf-8") as f:
                marked = [l for l in f if "# sudoscope" in l]
            text = "".join(marked)
            for call in ("import Trace", "Trace(", ".step(", ".end("):
                self.assertIn(call, text, "%s: no marked line with %s" % (script, call))


if __name__ == "__main__":
    unittest.main()
