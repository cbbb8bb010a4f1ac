"""The notebook view on a long run, in headless Chromium (BENCHMARKS.md).

    python3 python/bench_page.py [STEPS]

Makes STEPS steps (1,000,000 unless told; at least 120,000) of an annealing-like search through the helper's own
view code (one cell changed on an accepted step, none on a refused one, a temperature that
cools, the move in words), as the kernel would send them: live batches of 1/30 s at 40,000
steps a second, the archive synced as it grows. A page in headless Chromium (through
chromedriver on 127.0.0.1, nothing else fetched) takes them as the notebook's view does and
measures: the frames drawn a second while the run pours in (the lowest second, and the longest
gap between two frames), the time from a move of the slider to its step on screen (median and
worst of 60 moves anywhere along the run), the page's JavaScript heap at the end, and the size
of the run as a saved notebook keeps it (bytes per million steps).

Needs chromium and chromedriver (Debian: ``apt-get install chromium chromium-driver``).
"""

import http.server
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from sudoscope import notebook  # noqa: E402

PUZZLE = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
RATE = 40000  # steps a second the search makes


class Widget(object):
    def __init__(self, header, words, engine=b""):
        # `engine`: the page's module, which the view sends once; this page does not race
        self.events = []
        self.header, self.words, self.archive, self.archived, self.closing = header, words, [], 0, {}

    def send(self, msg):
        self.events.append(["msg", msg])

    def __setattr__(self, k, v):
        object.__setattr__(self, k, v)
        if k == "archived":
            self.events.append(["archive", self.archive, v])


def make_run(steps):
    """The run's events as the view gets them, a batch every 1/30 s of the search's time."""
    givens = [0 if c == "." else int(c) for c in PUZZLE]
    rnd = random.Random(7)
    board = [g or rnd.randint(1, 9) for g in givens]
    free = [i for i, g in enumerate(givens) if not g]
    view = notebook.View({"algorithm": "recocido simulado"}, givens, 9, start=list(board),
                         lang="es", display=False, widget=Widget)
    clock = [0.0]
    notebook.time.monotonic = lambda: clock[0]  # the search's own time: RATE steps a second
    temperature = 2.0
    cost = 80
    for i in range(steps):
        clock[0] = i / RATE
        cell = rnd.choice(free)
        value = rnd.randint(1, 9)
        accepted = rnd.random() < 0.3
        if accepted:
            board[cell] = value
            temperature *= 0.99999
            cost = max(0, cost + rnd.choice((-1, 0, 1)))
        line = {"step": i + 1, "accepted": accepted, "cost": cost / 10,
                "metrics": {"temperature": temperature},
                "move": "set r%dc%d %d" % (cell // 9 + 1, cell % 9 + 1, value)}
        view.step(line, list(board))
    view.end({"end": "stuck", "steps": steps})
    return view.widget.events, view.archive()


PAGE = """<!doctype html><meta charset="utf-8"><div id="out"></div>
<script type="module">
import view from '/view.js';
const values = %(values)s;
const handlers = {};
const model = { get: (k) => values[k], on: (ev, f) => (handlers[ev] = handlers[ev] || []).push(f), send() {} };
const out = document.getElementById('out');
view.render({ model, el: out });
const fire = (ev) => (handlers[ev] || []).forEach((h) => h());
const deliver = (e) => {
  if (e[0] === 'msg') (handlers['msg:custom'] || []).forEach((h) => h(e[1]));
  if (e[0] === 'archive') { values.archive = e[1]; values.archived = e[2]; fire('change:archive'); }
};
// frames a second while the run pours in
const frames = [];
const tick = (t) => { frames.push(t); if (!window.fed) requestAnimationFrame(tick); };
requestAnimationFrame(tick);
const total = %(batches)d;
let k = 0;
const feed = async () => {
  const began = performance.now();
  while (k < total) {
    const due = began + k * 1000 / 30;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const r = await fetch('/event/' + k);
    for (const e of await r.json()) deliver(e);
    k++;
  }
  window.fed = true;
  window.feedSeconds = (performance.now() - began) / 1000;
};
window.result = null;
feed().then(async () => {
  await new Promise((r) => setTimeout(r, 1000));
  const perSecond = [];
  const start = frames[0];
  for (const t of frames) { const s = Math.floor((t - start) / 1000); perSecond[s] = (perSecond[s] || 0) + 1; }
  let gap = 0;
  for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
  // scrubbing: a move of the slider to its step on screen
  const slider = out.querySelector('input[type=range]');
  const figures = out.querySelector('.figures');
  const times = [];
  let seed = 1;
  for (let i = 0; i < 60; i++) {
    seed = (seed * 1103515245 + 12345) %% 2147483648;
    const n = 1 + seed %% out.sudoscope.run.count;
    const t0 = performance.now();
    slider.value = String(n);
    slider.dispatchEvent(new Event('input'));
    while (!figures.textContent.startsWith('paso ' + n + ' ')) await new Promise((r) => requestAnimationFrame(r));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  window.result = {
    steps: out.sudoscope.run.count,
    feedSeconds: window.feedSeconds,
    lowestFps: Math.min(...perSecond.slice(1, -1).filter((x) => x !== undefined)),
    longestGapMs: gap,
    scrubMedianMs: times[30], scrubWorstMs: times[59],
    heapMB: performance.memory ? performance.memory.usedJSHeapSize / 1e6 : null,
  };
});
</script>"""


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def serve(route):
    """A quiet HTTP server on a free port of 127.0.0.1, running on its own thread: `route(path)`
    gives (content type, body), or None for a 404. Call shutdown() on it when done."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            found = route(self.path)
            if found is None:
                self.send_error(404)
                return
            kind, body = found
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def webdriver(port, method, path, body=None):
    req = urllib.request.Request("http://127.0.0.1:%d%s" % (port, path), method=method,
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=600) as r:
        return json.loads(r.read())["value"]


class Chromium(object):
    """Headless Chromium through chromedriver on 127.0.0.1, for as long as the ``with``."""

    def __enter__(self):
        self.port = free_port()
        self.profile = tempfile.mkdtemp()
        self.driver = subprocess.Popen(["/usr/bin/chromedriver", "--port=%d" % self.port],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--enable-precise-memory-info", "--window-size=1400,1000",
                     "--user-data-dir=" + self.profile]}}}}
        try:
            self.session = webdriver(self.port, "POST", "/session", caps)["sessionId"]
            webdriver(self.port, "POST", "/session/%s/timeouts" % self.session,
                      {"script": 600000})
        except Exception:
            self.driver.terminate()
            raise
        return self

    def go(self, url):
        webdriver(self.port, "POST", "/session/%s/url" % self.session, {"url": url})

    def run(self, script, *args):
        return webdriver(self.port, "POST", "/session/%s/execute/sync" % self.session,
                         {"script": script, "args": list(args)})

    def run_async(self, script, *args):
        return webdriver(self.port, "POST", "/session/%s/execute/async" % self.session,
                         {"script": script, "args": list(args)})

    def __exit__(self, *exc):
        try:
            webdriver(self.port, "DELETE", "/session/%s" % self.session)
        finally:
            self.driver.terminate()


# The lowest frames a second is taken over the whole seconds of feeding between the first and the
# last, so the run must feed for three seconds at least.
MIN_STEPS = 3 * RATE


def main():
    try:
        steps = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    except ValueError:
        sys.exit("bench_page.py: STEPS is a whole number of steps, not %r" % sys.argv[1])
    if steps < MIN_STEPS:
        sys.exit("bench_page.py: STEPS is %d; it must be at least %d, three seconds of feeding at "
                 "%d steps a second, for a whole second of frames to measure" % (steps, MIN_STEPS, RATE))
    print("making %d steps through the helper's view code..." % steps, flush=True)
    events, archive = make_run(steps)
    saved = sum(len(c) for c in archive)
    # the events of each 1/30 s, as the page takes them
    batches, current = [], []
    for e in events:
        current.append(e)
        if e[0] == "msg":
            batches.append(current)
            current = []
    if current:
        batches.append(current)
    with open(os.path.join(HERE, "sudoscope", "view.js"), "rb") as f:
        module = f.read()
    values = {"header": {"n": 9, "givens": [0 if c == "." else int(c) for c in PUZZLE],
                         "start": None, "algorithm": "recocido simulado", "lang": "es"},
              "words": notebook.words("es"), "archive": [], "archived": 0, "closing": {}}
    page = (PAGE % {"values": json.dumps(values), "batches": len(batches)}).encode()

    def route(path):
        if path == "/view.js":
            return "text/javascript", module
        if path.startswith("/event/"):
            return "application/json", json.dumps(batches[int(path[7:])]).encode()
        return "text/html; charset=utf-8", page

    server = serve(route)
    try:
        with Chromium() as browser:
            browser.go("http://127.0.0.1:%d/" % server.server_address[1])
            began = time.time()
            result = None
            while result is None and time.time() - began < 600:
                time.sleep(1)
                result = browser.run("return window.result")
    finally:
        server.shutdown()
    if result is None:
        sys.exit("the page did not finish in ten minutes")
    print("steps shown: %d of %d, fed in %.1f s (%d steps a second)"
          % (result["steps"], steps, result["feedSeconds"], RATE))
    print("frames a second while live: lowest %d; longest gap between frames %.0f ms"
          % (result["lowestFps"], result["longestGapMs"]))
    print("slider to its step on screen: median %.1f ms, worst %.1f ms"
          % (result["scrubMedianMs"], result["scrubWorstMs"]))
    if result["heapMB"] is not None:
        print("JavaScript heap at the end: %.0f MB" % result["heapMB"])
    print("the run as a saved notebook keeps it: %.2f MB (%.2f MB per million steps)"
          % (saved / 1e6, saved / 1e6 * 1e6 / steps))


if __name__ == "__main__":
    main()
