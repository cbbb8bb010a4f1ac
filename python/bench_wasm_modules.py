"""Two or more builds of the page's module, measured alternately in one headless Chromium.

    python3 python/bench_wasm_modules.py FAMILIES SECONDS ROUNDS A.wasm B.wasm [...]

Each round measures every module in turn (A, B, A, B, ... across rounds), each named family's
steps per second on top95:4 by the module's own `sudoscope_bench` (what the page's bench runs,
see bench_wasm.py), SECONDS each. FAMILIES is a comma-separated list (steepest,beam). For a change
to a hot loop: `cargo site` before and after, copy each target/site/sudoscope.wasm aside, compare
them here. The modules are served from their folders on 127.0.0.1; the page is an empty one, so
nothing else runs beside the measurement.

Needs chromium and chromedriver (Debian: ``apt-get install chromium chromium-driver``).
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_page import Chromium, serve  # noqa: E402

PAGE = b"""<!doctype html><meta charset="utf-8"><title>modules</title><script>
window.benchModule = async (url, families, seconds) => {
  const bytes = await (await fetch(url)).arrayBuffer();
  const { instance } = await WebAssembly.instantiate(bytes,
    { sudoscope: { now_ms: () => performance.now() } });
  const ex = instance.exports;
  const out = {};
  for (const name of families.split(',')) {
    const b = new TextEncoder().encode(name);
    const at = ex.sudoscope_alloc(b.length);
    new Uint8Array(ex.memory.buffer, at, b.length).set(b);
    out[name] = Math.round(ex.sudoscope_bench(at, b.length, seconds));
  }
  return out;
};
</script>"""


def route_for(modules):
    """The page at / and module i at /i.wasm, nothing else."""

    def route(path):
        if path == "/":
            return "text/html", PAGE
        name = path.lstrip("/")
        index = name[:-len(".wasm")] if name.endswith(".wasm") else ""
        if not index.isdigit() or int(index) >= len(modules):
            return None
        with open(modules[int(index)], "rb") as f:
            return "application/wasm", f.read()

    return route


def main():
    if len(sys.argv) < 5:
        sys.exit("usage: python3 python/bench_wasm_modules.py FAMILIES SECONDS ROUNDS "
                 "A.wasm [B.wasm ...]")
    families, seconds, rounds = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    modules = sys.argv[4:]
    for m in modules:
        if not os.path.isfile(m):
            sys.exit("no such module: %s" % m)
    server = serve(route_for(modules))
    try:
        with Chromium() as browser:
            browser.go("http://127.0.0.1:%d/" % server.server_address[1])
            for r in range(rounds):
                for i, m in enumerate(modules):
                    rates = browser.run_async(
                        "const done = arguments[arguments.length - 1];"
                        "window.benchModule(arguments[0], arguments[1], arguments[2]).then(done);",
                        "/%d.wasm" % i, families, seconds)
                    print("round %d  %-40s %s" % (r + 1, m, "  ".join(
                        "%s %d" % (k, rates[k]) for k in families.split(","))), flush=True)
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
