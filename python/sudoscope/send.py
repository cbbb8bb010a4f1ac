"""Sending a trace to the lecturer's class board (``sudoscope web``), beside writing it.

The search never waits for the network: each step only leaves its board for a thread of its
own, which sends the latest one ten times a second (the board needs no more), then the closing
line. If the board cannot be reached, the helper says so once and the search goes on.
"""

import http.client
import json
import sys
import threading
import urllib.parse

# how often the board is told where the search stands, in seconds
PERIOD = 0.1
# how long the end of a run waits for the board to take its closing line
LAST_WORDS = 3.0


def where(to):
    """The board's host, port, path prefix and token, from the link the lecturer's banner
    prints (``http://lab:8080/#k=TOKEN``)."""
    parts = urllib.parse.urlsplit(to.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError("to=%r: the link the lecturer's `sudoscope web` prints, "
                         "such as http://lab:8080/#k=..." % (to,))
    token = urllib.parse.parse_qs(parts.fragment).get("k", [None])[0]
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme, parts.hostname, port, token


# the links already given in this process (a notebook runs its cells again and again)
_TOLD = set()


def watch_link(to, student):
    """The link that shows the runs sent under ``student`` in a browser tab of the lecturer's
    server: the board's link with ``t=NAME`` beside its token."""
    base, _, fragment = to.strip().partition("#")
    said = urllib.parse.parse_qs(fragment)
    said["t"] = [student]
    return base + "#" + urllib.parse.urlencode({k: v[0] for k, v in said.items()})


class Sender(object):
    """Sends one run's trace to the class board, from a thread of its own."""

    def __init__(self, to, student, password=None, dumps=None, line=None):
        self._scheme, self._host, self._port, self._token = where(to)
        self._to = to
        self._student = student or ""
        self._password = password
        self._dumps = dumps or json.dumps
        self._line = line
        self._lock = threading.Lock()
        self._header = None
        self._latest = None
        self._sent = None
        self._end = None
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sudoscope-board", daemon=True)
        self._thread.start()
        if self._student and (to, self._student) not in _TOLD:
            _TOLD.add((to, self._student))
            self._say("sudoscope: on the class board as %s; to watch it in your browser, open %s\n"
                      % (self._student, watch_link(to, self._student)))

    def header(self, obj):
        with self._lock:
            self._header = obj
        self._wake.set()

    def step(self, line, cells):
        """The step just made: ``line`` without its board, ``cells`` the board (a fresh list)."""
        self._latest = (line, cells)

    def end(self, line):
        with self._lock:
            self._end = line
        self._wake.set()
        self._thread.join(LAST_WORDS)

    def _text(self, obj):
        return self._dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n"

    def _pending(self):
        out = []
        with self._lock:
            if self._header is not None:
                out.append(self._text(self._header))
                self._header = None
            latest = self._latest
            if latest is not None and latest is not self._sent:
                line, cells = latest
                step = dict(line)
                step.pop("changed", None)
                step["board"] = self._line(cells)
                out.append(self._text(step))
                self._sent = latest
            end = self._end
            if end is not None:
                out.append(self._text(end))
        return "".join(out), end is not None

    def _run(self):
        conn = None
        try:
            make = (http.client.HTTPSConnection if self._scheme == "https"
                    else http.client.HTTPConnection)
            conn = make(self._host, self._port, timeout=10)
            conn.putrequest("POST", "/trace?name=" + urllib.parse.quote(self._student))
            conn.putheader("Content-Type", "application/x-ndjson")
            conn.putheader("Transfer-Encoding", "chunked")
            if self._token:
                conn.putheader("Authorization", "Bearer " + self._token)
            elif self._password:
                conn.putheader("X-Sudoscope-Password", self._password)
            conn.endheaders()
            while True:
                self._wake.wait(PERIOD)
                self._wake.clear()
                text, last = self._pending()
                if text:
                    data = text.encode("utf-8")
                    conn.send(b"%x\r\n%s\r\n" % (len(data), data))
                if last:
                    conn.send(b"0\r\n\r\n")
                    reply = conn.getresponse()
                    said = reply.read(200).decode("utf-8", "replace").strip()
                    if reply.status != 200:
                        self._warn("the board answered %d %s" % (reply.status, said))
                    return
        except Exception as e:  # whatever the network does, the search goes on
            said = None
            if conn is not None and conn.sock is not None:
                try:
                    reply = conn.getresponse()
                    said = "%d %s" % (reply.status, reply.read(200).decode("utf-8", "replace").strip())
                except Exception:
                    pass
            self._warn(said or str(e) or type(e).__name__)
        finally:
            if conn is not None:
                conn.close()

    def _warn(self, why):
        self._say("sudoscope: the class board at %s did not take this run (%s); "
                  "the search goes on\n" % (self._to.split("#")[0], why))

    @staticmethod
    def _say(text):
        try:
            sys.stderr.write(text)
        except (OSError, ValueError):
            pass
