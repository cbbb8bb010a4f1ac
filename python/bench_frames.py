"""The web page's frames while it computes an experiment (BENCHMARKS.md, "The page").

    python3 python/bench_frames.py SITE QUERY [SECONDS]

SITE is the folder `cargo site` writes (target/site); QUERY the page's settings, as in its
address (`algo=sampling&preset=tuned&puzzle=top95:4`). The page is served from SITE on
127.0.0.1 and opened in headless Chromium (through chromedriver on 127.0.0.1), 1200x800. Over
SECONDS (4 unless told) the time between animation frames is taken, and the time the page's own
frame took (the module's searches, their drawing and the terminal's: `window.sudoscope.frameMs`);
then `x` starts the experiment and both are taken again over SECONDS. An experiment that ends
before is said: its figures then cover less.

Needs chromium and chromedriver (Debian: ``apt-get install chromium chromium-driver``).
"""

import functools
import http.server
import os
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from bench_page import Chromium, free_port  # noqa: E402
from bench_wasm import Quiet  # noqa: E402

# each animation frame: the time since the one before, and what the page's frame took
WATCH = """
window.frames_seen = [];
let last = performance.now();
function seen() {
  const now = performance.now();
  window.frames_seen.push([now - last, window.sudoscope.frameMs || 0]);
  last = now;
  requestAnimationFrame(seen);
}
requestAnimationFrame(seen);
return true;
"""

TAKE = "const f = window.frames_seen; window.frames_seen = []; return f;"


def spread(values):
    """Median, 90th percentile and worst of `values`, in ms."""
    v = sorted(values)
    if not v:
        return "no frames"
    return "median %5.1f  p90 %5.1f  worst %5.1f" % (v[len(v) // 2], v[int(len(v) * 0.9)], v[-1])


def main():
    if len(sys.argv) < 3 or not os.path.isfile(os.path.join(sys.argv[1], "index.html")):
        sys.exit("usage: python3 python/bench_frames.py SITE QUERY [SECONDS] (SITE: the folder "
                 "`cargo site` writes, with index.html)")
    site, query = sys.argv[1], sys.argv[2]
    try:
        seconds = float(sys.argv[3]) if len(sys.argv) > 3 else 4.0
    except ValueError:
        sys.exit("bench_frames.py: SECONDS is a number of seconds")
    if not 0 < seconds <= 60:
        sys.exit("bench_frames.py: SECONDS must be above 0 and at most 60")
    handler = functools.partial(Quiet, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    phases = []
    try:
        with Chromium() as browser:
            browser.go("http://127.0.0.1:%d/index.html?%s" % (server.server_address[1], query))
            began = time.monotonic()
            while not browser.run("return window.sudoscope && window.sudoscope.firstFrameMs"):
                if time.monotonic() - began > 30:
                    sys.exit("bench_frames.py: the page drew no frame in 30 s")
                time.sleep(0.05)
            browser.run(WATCH)
            for name in ("before x", "experiment"):
                if name == "experiment":
                    browser.run("document.dispatchEvent(new KeyboardEvent('keydown', "
                                "{key: 'x', bubbles: true})); return true")
                    browser.run(TAKE)
                time.sleep(seconds)
                frames = browser.run(TAKE)[1:]
                phases.append((name, frames))
            screen = browser.run("return document.getElementById('screen').textContent")
    finally:
        server.shutdown()
    print("the page at ?%s, 1200x800, %.0f s a phase" % (query, seconds))
    for name, frames in phases:
        print("%-10s %4d frames; between frames %s; the page's frame %s" % (
            name, len(frames), spread([f[0] for f in frames]), spread([f[1] for f in frames])))
    if "(done)" in screen:
        print("(the experiment ended within the phase: its figures cover less)")


if __name__ == "__main__":
    main()
