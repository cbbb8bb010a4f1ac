"""What a tab of the page that computes its own searches costs `sudoscope web` (BENCHMARKS.md).

    python3 python/bench_page_tabs.py SITE [TABS]

Starts `sudoscope web --page SITE` on 127.0.0.1 (the binary `$SUDOSCOPE_BIN` or
target/release/sudoscope) and has TABS tabs (300 unless told) open the page at once, as
browsers do: each fetches the page and the files it loads (compressed, as browsers ask for
them). It prints how long the class took to get the page, the bytes sent, and the server's CPU
time for it, read from /proc (Linux): after that a tab computes its searches itself and sends
the server nothing. SITE is the folder `cargo site` writes (target/site).
"""

import gzip
import os
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
FILES = ["", "style.css", "local.js", "term.js", "sudoscope.wasm"]


def cpu_seconds(pid):
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return (int(fields[11]) + int(fields[12])) / ticks


def main():
    if len(sys.argv) < 2 or not os.path.isfile(os.path.join(sys.argv[1], "index.html")):
        sys.exit("usage: python3 python/bench_page_tabs.py SITE [TABS]")
    site = os.path.abspath(sys.argv[1])
    tabs = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    program = os.environ.get("SUDOSCOPE_BIN") or os.path.join(HERE, "..", "target", "release",
                                                             "sudoscope")
    work = tempfile.mkdtemp()
    log = os.path.join(work, "serve.log")
    server = subprocess.Popen([program, "web", "--listen", "127.0.0.1", "--port", "0",
                               "--password", "bench-class", "--page", site,
                               "--max-sessions", "10000", "--log", log],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port = None
        for _ in range(200):
            text = open(log).read() if os.path.exists(log) else ""
            if "listening on 127.0.0.1:" in text:
                port = int(text.split("listening on 127.0.0.1:")[1].split()[0])
                break
            time.sleep(0.05)
        if port is None:
            sys.exit("the server did not start")
        sent = [0]
        lock = threading.Lock()
        failures = []

        def tab():
            try:
                for name in FILES:
                    req = urllib.request.Request("http://127.0.0.1:%d/page/%s" % (port, name),
                                                 headers={"Accept-Encoding": "gzip"})
                    with urllib.request.urlopen(req, timeout=120) as r:
                        body = r.read()
                        if r.headers.get("Content-Encoding") == "gzip":
                            gzip.decompress(body)
                    with lock:
                        sent[0] += len(body)
            except Exception as e:
                failures.append(e)

        before = cpu_seconds(server.pid)
        began = time.time()
        threads = [threading.Thread(target=tab) for _ in range(tabs)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        took = time.time() - began
        used = cpu_seconds(server.pid) - before
        # then the class computes in its tabs: the server is asked nothing
        idle_from = cpu_seconds(server.pid)
        time.sleep(5)
        idle = cpu_seconds(server.pid) - idle_from
    finally:
        server.terminate()
        server.wait()
    cores = os.cpu_count()
    print("%d tabs opened the page in %.1f s (%d failed): %.1f MB sent, %.0f KB a tab"
          % (tabs, took, len(failures), sent[0] / 1e6, sent[0] / tabs / 1e3))
    print("server CPU for it: %.2f s (%.0f%% of %d cores over those %.1f s); "
          "then %.2f s in 5 s with the class computing in its tabs"
          % (used, 100 * used / (took * cores), cores, took, idle))


if __name__ == "__main__":
    main()
