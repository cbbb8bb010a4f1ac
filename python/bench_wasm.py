"""The web page's searches against the same searches here (BENCHMARKS.md).

    python3 python/bench_wasm.py SITE [SECONDS] [ROUNDS]

SITE is the folder `cargo site` writes (target/site). It measures the page's first frame (from
the start of its loading, five loads, the page served on loopback), then each family's steps per second on
top95:4 (tuned; engine/throughput.rs names it) is measured by the same function twice, over SECONDS (2 unless told) each:
here, by the program (`sudoscope bench families --algo NAME`, the binary `$SUDOSCOPE_BIN` or
target/release/sudoscope), and in WebAssembly in headless Chromium (through chromedriver on
127.0.0.1, the page served from SITE on 127.0.0.1). It prints both and their ratio.

Each family is measured on both sides before the next one starts, the program first, so the two
figures of a ratio are taken seconds apart; while the program measures, the browser shows a blank
page. With ROUNDS (1 unless told) that is done that many times and each side keeps its best: a
shared machine's slow spells, which can last longer than a measurement, then do not fall on one
side only.

Needs chromium and chromedriver (Debian: ``apt-get install chromium chromium-driver``).
"""

import functools
import http.server
import os
import subprocess
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_page import Chromium, free_port  # noqa: E402


class Quiet(http.server.SimpleHTTPRequestHandler):
    """The site's files, served without a line per request."""

    def log_message(self, *args):
        pass


def native(seconds, names=()):
    """Steps per second of the families (or of the algorithms `names`), by the program."""
    program = os.environ.get("SUDOSCOPE_BIN") or os.path.join(HERE, "..", "target", "release",
                                                             "sudoscope")
    command = [program, "bench", "families", "--seconds", str(seconds)]
    if names:
        command += ["--algo", ",".join(names)]
    out = subprocess.run(command, check=True, capture_output=True, text=True).stdout
    rates = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and line.startswith("  "):
            rates[parts[0]] = float(parts[1])
    return rates


def main():
    if len(sys.argv) < 2 or not os.path.isfile(os.path.join(sys.argv[1], "index.html")):
        sys.exit("usage: python3 python/bench_wasm.py SITE [SECONDS] (SITE: the folder "
                 "`cargo site` writes, with index.html)")
    site = sys.argv[1]
    try:
        seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 2.0
        rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    except ValueError:
        sys.exit("bench_wasm.py: SECONDS is a number of seconds and ROUNDS a whole number")
    if not 0 < seconds <= 60 or rounds < 1:
        sys.exit("bench_wasm.py: SECONDS must be above 0 and at most 60, ROUNDS at least 1")
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with Chromium() as browser:

            def load(seed):
                """The page loaded afresh: its first frame's time, from the start of loading."""
                browser.go("http://127.0.0.1:%d/index.html?seed=%d" % (server.server_address[1], seed))
                first = None
                while first is None:
                    first = browser.run("return window.sudoscope && window.sudoscope.firstFrameMs")
                return first

            firsts = [load(i + 1) for i in range(5)]
            # the families, as the program names them (a glance: 10 ms each)
            families = list(native(0.01))
            here, page = {}, {}
            for _ in range(rounds):
                for name in families:
                    # nothing runs in the browser while the program measures
                    browser.go("about:blank")
                    rate = native(seconds, [name]).get(name, 0.0)
                    here[name] = max(here.get(name, 0.0), rate)
                    load(1)
                    rates = browser.run_async(
                        "const done = arguments[arguments.length - 1];"
                        "window.sudoscopeBench(arguments[0], [arguments[1]]).then(done);",
                        seconds, name)
                    page[name] = max(page.get(name, -1.0), rates.get(name, -1.0))
    finally:
        server.shutdown()
    print("first frame on screen, from the page's start (loopback, 5 loads): "
          "median %.0f ms, worst %.0f ms" % (sorted(firsts)[2], max(firsts)))
    print("%-12s %16s %16s %7s" % ("algorithm", "here steps/s", "page steps/s", "ratio"))
    for name, rate in here.items():
        p = page.get(name, -1)
        print("%-12s %16.0f %16.0f %7.2f" % (name, rate, p, p / rate if rate > 0 else 0))


if __name__ == "__main__":
    main()
