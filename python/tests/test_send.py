"""Sending a run to the class board: what the helper sends (the header, the latest board a few
times a second, the closing line), with the token or password, and that a board that cannot be
reached never stops or slows the search. A small HTTP server on 127.0.0.1 plays the board."""

import contextlib
import http.server
import io
import json
import os
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

    def run_search(self, steps, **kwargs):
        board = list(SUDOKU_7.replace(".", "1"))
        with Trace(SUDOKU_7, "mine", path=self.path, **kwargs) as t:
            for i in range(steps):
                board[1] = str(1 + i % 9)
                t.step("".join(board), cost=steps - i)
            t.end("stuck")

    def test_the_board_gets_the_header_the_latest_boards_and_the_end_with_the_token(self):
        with board() as port:
            self.run_search(200, to="http://127.0.0.1:%d/#k=abc123" % port, student="Ana María")
        self.assertEqual(len(Board.received), 1)
        got = Board.received[0]
        self.assertEqual(got["path"], "/trace?name=Ana%20Mar%C3%ADa")
        self.assertEqual(got["auth"], "Bearer abc123")
        lines = got["lines"]
        self.assertEqual(lines[0]["sudoscope_trace"], "1.2")
        self.assertEqual(lines[-1], {"end": "stuck", "steps": 200})
        steps = lines[1:-1]
        # every step sent carries its whole board: the board needs no history to draw it
        for s in steps:
            self.assertEqual(len(s["board"]), 81)
            self.assertNotIn("changed", s)
        self.assertEqual(steps, sorted(steps, key=lambda s: s["step"]))
        # the file has every step, as without the board
        with open(self.path, encoding="utf-8") as f:
            self.assertEqual(sum(1 for _ in f), 202)

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
        link = "http://127.0.0.1:%d/#k=abc123&t=Ana+Mar%%C3%%ADa" % port
        self.assertEqual(said.count(link), 1, said)
        self.assertEqual(watch_link("http://lab:8080/", "bo"), "http://lab:8080/#t=bo")

    def test_a_link_that_is_not_one_is_refused_at_once(self):
        for bad in ["ftp://lab/", "lab:8080", "http:///#k=1"]:
            with self.assertRaises(ValueError):
                where(bad)
        self.assertEqual(where("http://lab:8080/#k=abc"), ("http", "lab", 8080, "abc"))
        self.assertEqual(where("https://lab.example/")[2], 443)


if __name__ == "__main__":
    unittest.main()
