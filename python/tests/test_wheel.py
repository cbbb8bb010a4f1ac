"""The pure-Python wheel of the helper: built offline by the in-tree backend, tagged for every
platform, holding the package's Python files only, installable with no compiler, and of the
program's version."""

import base64
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import unittest
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = os.path.dirname(HERE)
ROOT = os.path.dirname(PYTHON)
sys.path.insert(0, PYTHON)

import _build  # noqa: E402


class Wheel(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.name = _build.build_wheel(self.dir)
        self.path = os.path.join(self.dir, self.name)

    def test_it_is_tagged_for_any_python_3_on_any_platform(self):
        self.assertRegex(self.name, r"^sudoscope_helper-[0-9.]+-py3-none-any\.whl$")
        with zipfile.ZipFile(self.path) as z:
            wheel = z.read([n for n in z.namelist() if n.endswith("/WHEEL")][0]).decode()
            meta = z.read([n for n in z.namelist() if n.endswith("/METADATA")][0]).decode()
        self.assertIn("Tag: py3-none-any", wheel)
        self.assertIn("Root-Is-Purelib: true", wheel)
        self.assertIn("Requires-Python: >=3.8", meta)
        # standard library only; anywidget only for the notebook's live view, when asked for
        requires = [l for l in meta.splitlines() if l.startswith("Requires-Dist")]
        self.assertEqual(requires, ['Requires-Dist: anywidget>=0.9; extra == "notebook"'])
        self.assertIn("Provides-Extra: notebook", meta)

    def test_it_holds_the_packages_python_files_and_a_true_record(self):
        with zipfile.ZipFile(self.path) as z:
            names = z.namelist()
            # (and the page's module when one is built, as _build.page_module() finds it)
            package = sorted(n for n in names if n.startswith("sudoscope/") and n != "sudoscope/page.wasm")
            self.assertEqual("sudoscope/page.wasm" in names, _build.page_module() is not None)
            expected = sorted("sudoscope/" + f for f in os.listdir(os.path.join(PYTHON, "sudoscope"))
                              if f.endswith((".py", ".js", ".json")))
            self.assertIn("sudoscope/view.js", package)
            self.assertIn("sudoscope/view_words.json", package)
            self.assertEqual(package, expected)
            record = z.read([n for n in names if n.endswith("/RECORD")][0]).decode()
            for line in record.splitlines():
                path, digest, size = line.rsplit(",", 2)
                if path.endswith("RECORD"):
                    continue
                data = z.read(path)
                want = "sha256=" + base64.urlsafe_b64encode(
                    hashlib.sha256(data).digest()).rstrip(b"=").decode()
                self.assertEqual(digest, want, path)
                self.assertEqual(int(size), len(data), path)
            self.assertEqual(len(record.splitlines()), len(names))

    def test_the_same_sources_give_the_same_bytes(self):
        again = tempfile.mkdtemp()
        _build.build_wheel(again)
        with open(self.path, "rb") as a, open(os.path.join(again, self.name), "rb") as b:
            self.assertEqual(a.read(), b.read())

    def test_its_version_is_the_programs(self):
        with open(os.path.join(ROOT, "Cargo.toml"), encoding="utf-8") as f:
            cargo = re.search(r'^\[workspace\.package\][^\[]*?^version = "([^"]+)"', f.read(), re.M | re.S)
        self.assertIsNotNone(cargo, "no [workspace.package] version in Cargo.toml")
        self.assertEqual(_build.version(), cargo.group(1))
        self.assertIn(_build.version(), self.name)

    def test_pip_installs_it_offline_and_a_trace_is_written_with_it(self):
        site = os.path.join(self.dir, "site")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-index",
                        "--no-deps", "--target", site, self.path], check=True)
        out = os.path.join(self.dir, "run.jsonl")
        code = ("import sys; sys.path.insert(0, %r)\n"
                "import sudoscope\n"
                "assert sudoscope.__file__.startswith(%r), sudoscope.__file__\n"
                "with sudoscope.Trace('sudoku_7', 'mine', path=%r) as t:\n"
                "    t.step('1' * 81, cost=3)\n"
                "    t.end('stuck')\n" % (site, site, out))
        # -I: no user site, no current directory: only what the wheel installed
        subprocess.run([sys.executable, "-I", "-c", code], check=True, cwd=self.dir)
        with open(out, encoding="utf-8") as f:
            self.assertEqual(len(f.read().splitlines()), 3)


if __name__ == "__main__":
    unittest.main()
