"""Sending a run to the class board: what the helper sends (the header, every step as written,
the closing line), with the token or password and its own secret, that a network too slow for
the search gets the latest step whole instead of a queue without end, and that a board that
cannot be reached never stops or slows the search. A small HTTP server on 127.0.0.1 plays the
board."""

import contextlib
import http.server
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from sudoscope import Trace  # noqa: E402
from sudoscope.send import watch_link, where  # noqa: E402

SUDOKU_7 = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."


class Board(http.server.BaseHTTPRequestHandler):
    """Takes one chunked POST and keeps its lines, headers and path."""

    received = []

    def do_POST(self):
        body = b""
        while True:
            size = int(self.rfile.readline().strip(), 16)
            if size == 0:
                self.rfile.readline()
                break
            body += self.rfile.read(size)
            self.rfile.readline()
        Board.received.append({
            "path": self.path,
            "auth": self.headers.get("Authorization"),
            "password": self.headers.get("X-Sudoscope-Password"),
            "key": self.headers.get("X-Sudoscope-Key"),
            "lines": [json.loads(l) for l in body.decode("utf-8").splitlines() if l.strip()],
        })
        self.send_response(200)
        self.send_header("Content-Length", "13")
        self.end_headers()
        self.wfile.write(b"on the board\n")

    def log_message(self, *args):
        pass


@contextlib.contextmanager
def board():
    Board.received = []
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Board)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


class Sending(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.path = os.path.join(self.dir, "run.jsonl")

    def run_search(self, steps, start=False, **kwargs):
        board = list(SUDOKU_7.replace(".", "1"))
        with Trace(SUDOKU_7, "mine", path=self.path, start="".join(board) if start else None,
                   **kwargs) as t:
            for i in range(steps):
                board[1] = str(1 + i % 9)
                t.step("".join(board), cost=steps - i)
            t.end("stuck")

    def test_the_board_gets_the_whole_trace_with_the_token_and_the_senders_secret(self):
        with board() as port:
            self.run_search(200, start=True, to="http://127.0.0.1:%d/#k=abc123" % port,
                            student="Ana María")
        self.assertEqual(len(Board.received), 1)
        got = Board.received[0]
        self.assertEqual(got["path"], "/trace?name=Ana%20Mar%C3%ADa")
        self.assertEqual(got["auth"], "Bearer abc123")
        self.assertGreaterEqual(len(got["key"]), 16, "the sender's own secret")
        # the trace as written, line for line, the board it starts from included
        with open(self.path, encoding="utf-8") as f:
            written = [json.loads(l) for l in f]
        self.assertEqual(got["lines"], written)
        self.assertEqual(got["lines"][1], {"step": 0, "board": SUDOKU_7.replace(".", "1")})
        self.assertEqual(got["lines"][-1], {"end": "stuck", "steps": 200})

    def test_a_network_too_slow_for_the_search_gets_its_latest_step_whole(self):
        from sudoscope import send
        sent = send.Sender.__new__(send.Sender)
        import threading as th
        sent._lock = th.Lock()
        sent._queue, sent._queued, sent._dumps = [], 0, json.dumps
        sent._line = lambda cells: "".join(map(str, cells))
        saved, send.QUEUED = send.QUEUED, 2000
        try:
            cells = [1] * 81
            for i in range(1, 200):
                cells[i % 81] = 1 + i % 9
                sent.step({"step": i, "changed": [[i % 81, 1 + i % 9]],
                           "members": ["x" * 81] * 10}, list(cells))
        finally:
            send.QUEUED = saved
        waiting = [json.loads(t) for t, _ in sent._queue]
        self.assertLessEqual(sent._queued, 2000 + 200)
        self.assertTrue(all("members" not in w for w in waiting), "the population stays here")
        # numbered as the search numbered them, the first after a gap with its whole board
        self.assertEqual(waiting[-1]["step"], 199)
        self.assertIn("board", waiting[0])
        self.assertEqual(waiting[0]["board"], "".join(map(str, cells)) if len(waiting) == 1
                         else waiting[0]["board"])

    def test_the_password_from_the_environment_when_the_link_has_no_token(self):
        os.environ["SUDOSCOPE_PASSWORD"] = "class words"
        try:
            with board() as port:
                self.run_search(3, to="http://127.0.0.1:%d/" % port)
        finally:
            del os.environ["SUDOSCOPE_PASSWORD"]
        self.assertEqual(Board.received[0]["password"], "class words")
        self.assertIsNone(Board.received[0]["auth"])

    def test_a_board_out_of_reach_is_said_once_and_the_search_goes_on(self):
        err = io.StringIO()
        stderr, sys.stderr = sys.stderr, err
        began = time.time()
        try:
            # port 1 on loopback: nothing listens there
            self.run_search(2000, to="http://127.0.0.1:1/#k=x")
        finally:
            sys.stderr = stderr
        said = err.getvalue()
        self.assertEqual(said.count("did not take this run"), 1, said)
        self.assertLess(time.time() - began, 20)
        with open(self.path, encoding="utf-8") as f:
            self.assertEqual(sum(1 for _ in f), 2002)

    def test_the_link_to_watch_it_in_a_browser_is_said_once_a_process(self):
        err = io.StringIO()
        stderr, sys.stderr = sys.stderr, err
        try:
            with board() as port:
                to = "http://127.0.0.1:%d/#k=abc123" % port
                # a notebook cell run three times
                for _ in range(3):
                    self.run_search(3, to=to, student="Ana María")
        finally:
            sys.stderr = stderr
        said = err.getvalue()
        from sudoscope.send import public_id, sender_key
        link = "http://127.0.0.1:%d/#k=abc123&t=Ana+Mar%%C3%%ADa&s=%s" % (port, public_id(sender_key()))
        self.assertEqual(said.count(link), 1, said)
        self.assertEqual(watch_link("http://lab:8080/", "bo", "k"),
                         "http://lab:8080/#t=bo&s=" + public_id("k"))

    def test_the_senders_secret_is_kept_in_the_users_folder_and_read_back(self):
        code = ("import sys; sys.path.insert(0, %r); from sudoscope.send import sender_key; "
                "print(sender_key())" % os.path.dirname(HERE))
        with tempfile.TemporaryDirectory() as home:
            env = dict(os.environ, XDG_CONFIG_HOME=home)
            env.pop("SUDOSCOPE_KEY", None)
            env.pop("APPDATA", None)
            keys = [subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                   text=True, check=True).stdout.strip() for _ in range(2)]
            path = os.path.join(home, "sudoscope", "board-key")
            self.assertEqual(keys[0], keys[1], "the same secret in the next process")
            self.assertGreaterEqual(len(keys[0]), 32)
            self.assertEqual(os.stat(path).st_mode & 0o777, 0o600, "the user's alone")
            env["SUDOSCOPE_KEY"] = "from-the-environment-0123"
            said = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                                  text=True, check=True).stdout.strip()
            self.assertEqual(said, "from-the-environment-0123")

    def test_a_link_that_is_not_one_is_refused_at_once(self):
        for bad in ["ftp://lab/", "lab:8080", "http:///#k=1"]:
            with self.assertRaises(ValueError):
                where(bad)
        self.assertEqual(where("http://lab:8080/#k=abc"), ("http", "lab", 8080, "abc"))
        self.assertEqual(where("https://lab.example/")[2], 443)


if __name__ == "__main__":
    unittest.main()
