"""The build backend of the pure-Python helper wheel (PEP 517), standard library only.

It writes ``sudoscope_helper-VERSION-py3-none-any.whl`` with the ``sudoscope`` package's Python
files, and an sdist; the version is the package's ``__version__``, which a test keeps equal to
the program's. Run as a script, it builds the wheel into the folder given.

The wheel also holds the page's WebAssembly module (``sudoscope/page.wasm``, which the notebook
view's races run on) when one is built: ``SUDOSCOPE_PAGE_WASM`` names it, else the source
tree's ``target/site/sudoscope.wasm`` (``cargo site`` writes it). Without one the wheel is
whole all the same, and the view says how to get races.
"""

import base64
import hashlib
import io
import os
import re
import sys
import tarfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
NAME = "sudoscope-helper"
DIST = "sudoscope_helper"
SUMMARY = "Write a sudoscope trace from your own Sudoku search, and send it to the class board"
# every file's date in the archives: the same sources give the same bytes
EPOCH = (1980, 1, 1, 0, 0, 0)


def version():
    with open(os.path.join(HERE, "sudoscope", "__init__.py"), encoding="utf-8") as f:
        found = re.search(r'^__version__ = "([^"]+)"', f.read(), re.M)
    if not found:
        raise RuntimeError("sudoscope/__init__.py has no __version__")
    return found.group(1)


def sources():
    """The package's files, as (path in the archive, bytes), in a fixed order."""
    out = []
    for name in sorted(os.listdir(os.path.join(HERE, "sudoscope"))):
        # the Python files, and the notebook view's module and words
        if name.endswith((".py", ".js", ".json")):
            with open(os.path.join(HERE, "sudoscope", name), "rb") as f:
                out.append(("sudoscope/" + name, f.read()))
    return out


def page_module():
    """The page's module the wheel carries, as bytes; ``None`` when none is built."""
    for path in (os.environ.get("SUDOSCOPE_PAGE_WASM", ""),
                 os.path.join(HERE, "..", "target", "site", "sudoscope.wasm")):
        if path and os.path.isfile(path):
            with open(path, "rb") as f:
                data = f.read()
            # (a module built before races has no use in the view: left out)
            if data.startswith(b"\0asm") and b"sudoscope_race_start" in data:
                return data
    return None


def metadata():
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: %s\n"
            "License: MIT\n"
            "Requires-Python: >=3.8\n"
            "Provides-Extra: notebook\n"
            "Requires-Dist: anywidget>=0.9; extra == \"notebook\"\n"
            "Classifier: Programming Language :: Python :: 3\n"
            "Classifier: Topic :: Education\n" % (NAME, version(), SUMMARY))


def _digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    info = "%s-%s.dist-info" % (DIST, version())
    module = page_module()
    files = sources() + ([("sudoscope/page.wasm", module)] if module else []) + [
        (info + "/METADATA", metadata().encode()),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: sudoscope _build.py\n"
                           "Root-Is-Purelib: true\nTag: py3-none-any\n").encode()),
    ]
    record = "".join("%s,%s,%d\n" % (p, _digest(d), len(d)) for p, d in files)
    record += info + "/RECORD,,\n"
    files.append((info + "/RECORD", record.encode()))
    name = "%s-%s-py3-none-any.whl" % (DIST, version())
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for path, data in files:
            entry = zipfile.ZipInfo(path, EPOCH)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(entry, data)
    return name


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (DIST, version())
    files = [(p, d) for p, d in sources()]
    for extra in ("pyproject.toml", "_build.py"):
        with open(os.path.join(HERE, extra), "rb") as f:
            files.append((extra, f.read()))
    files.append(("PKG-INFO", metadata().encode()))
    name = base + ".tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz", format=tarfile.PAX_FORMAT) as t:
        for path, data in files:
            entry = tarfile.TarInfo(base + "/" + path)
            entry.size = len(data)
            entry.mode = 0o644
            entry.mtime = 315532800
            t.addfile(entry, io.BytesIO(data))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


if __name__ == "__main__":
    print(build_wheel(sys.argv[1] if len(sys.argv) > 1 else "dist"))
