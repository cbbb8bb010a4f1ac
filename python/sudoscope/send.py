"""Sending a trace to the lecturer's class board (``sudoscope web``), beside writing it.

The search never waits for the network: each step only leaves its line in a queue for a thread
of its own, which sends what has come ten times a second, every line of the trace as it is
written, then the closing line. The queue is bounded: when the network cannot keep up (more
than ``QUEUED`` bytes waiting), the waiting steps give way to the latest, sent with its whole
board, each numbered as the search numbered it, so the board and a student's own tab still
agree on the step. If the board cannot be reached, the helper says so once and the search goes
on.

A card on the board is its sender's: the helper sends a secret of its own (kept in the user's
configuration folder, so that a run sent again replaces its card, from any network), and no
one else's run can replace it.
"""

import hashlib
import http.client
import json
import os
import sys
import threading
import urllib.parse

# how often the board is sent what has come, in seconds
PERIOD = 0.1
# how long the end of a run waits for the board to take its closing line
LAST_WORDS = 3.0
# bytes waiting for the network at most; past them, the waiting steps give way to the latest
QUEUED = 4 << 20


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
_KEY = []


def sender_key():
    """This sender's secret: ``$SUDOSCOPE_KEY``, else the one kept in the user's configuration
    folder (made there the first time), else one for this process."""
    if _KEY:
        return _KEY[0]
    key = os.environ.get("SUDOSCOPE_KEY", "").strip()
    if not key:
        base = os.environ.get("APPDATA") or os.environ.get("XDG_CONFIG_HOME") \
            or os.path.join(os.path.expanduser("~"), ".config")
        path = os.path.join(base, "sudoscope", "board-key")
        try:
            with open(path, encoding="ascii") as f:
                key = f.read().strip()
        except OSError:
            key = ""
        if len(key) < 16:
            key = os.urandom(16).hex()
            try:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                with os.fdopen(fd, "w", encoding="ascii") as f:
                    f.write(key + "\n")
            except OSError:  # no folder to keep it in: this process's own
                pass
    _KEY.append(key)
    return key


def public_id(key):
    """What a student's own tab names its sender by (the server works it out the same way):
    not the secret itself."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()[:12]


def watch_link(to, student, key=None):
    """The link that shows the runs sent under ``student`` (by this sender) in a browser tab
    of the lecturer's server: the board's link with ``t=NAME`` and ``s=ID`` beside its token."""
    base, _, fragment = to.strip().partition("#")
    said = urllib.parse.parse_qs(fragment)
    said["t"] = [student]
    said["s"] = [public_id(key or sender_key())]
    return base + "#" + urllib.parse.urlencode({k: v[0] for k, v in said.items()})


class Sender(object):
    """Sends one run's trace to the class board, from a thread of its own."""

    def __init__(self, to, student, password=None, dumps=None, line=None):
        self._scheme, self._host, self._port, self._token = where(to)
        self._to = to
        self._student = student or ""
        self._password = password
        self._key = sender_key()
        self._dumps = dumps or json.dumps
        self._line = line
        self._lock = threading.Lock()
        self._header = None
        self._queue = []       # (text, (line, cells)) of the steps waiting
        self._queued = 0       # their bytes
        self._end = None
        self._closing = False
        self._wake = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sudoscope-board", daemon=True)
        self._thread.start()
        if self._student and (to, self._student) not in _TOLD:
            _TOLD.add((to, self._student))
            self._say("sudoscope: on the class board as %s; to watch it in your browser, open %s\n"
                      % (self._student, watch_link(to, self._student, self._key)))

    def header(self, obj):
        with self._lock:
            self._header = obj
        self._wake.set()

    def step(self, line, cells):
        """The step just made: ``line`` as written, ``cells`` the board after it. A step's
        population stays here (the board draws the board, not the members)."""
        if "members" in line or "member_costs" in line:
            line = {k: v for k, v in line.items()
                    if k not in ("members", "member_costs", "members_total")}
        text = self._text(line)
        with self._lock:
            self._queue.append((text, (line, cells)))
            self._queued += len(text)
            if self._queued > QUEUED:
                # the network cannot keep up: the latest step alone, with its whole board
                latest, cells = self._queue[-1][1]
                whole = dict(latest)
                whole.pop("changed", None)
                whole["board"] = self._line(cells)
                text = self._text(whole)
                self._queue = [(text, (latest, cells))]
                self._queued = len(text)

    def end(self, line):
        """The closing line; ``None`` for a run cut short (its connection closes without one,
        and the board shows it cut)."""
        with self._lock:
            self._end = line
            self._closing = True
        self._wake.set()
        self._thread.join(LAST_WORDS)

    def _text(self, obj):
        return self._dumps(obj, separators=(",", ":"), ensure_ascii=False) + "\n"

    def _pending(self):
        with self._lock:
            out = []
            if self._header is not None:
                out.append(self._text(self._header))
                self._header = None
            out.extend(text for text, _ in self._queue)
            self._queue = []
            self._queued = 0
            end = self._end
            if end is not None:
                out.append(self._text(end))
        return "".join(out), self._closing

    def _run(self):
        conn = None
        try:
            make = (http.client.HTTPSConnection if self._scheme == "https"
                    else http.client.HTTPConnection)
            conn = make(self._host, self._port, timeout=10)
            conn.putrequest("POST", "/trace?name=" + urllib.parse.quote(self._student))
            conn.putheader("Content-Type", "application/x-ndjson")
            conn.putheader("Transfer-Encoding", "chunked")
            conn.putheader("X-Sudoscope-Key", self._key)
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
                    if reply.status == 200:
                        # it took the run until the line broke (the server stopping, a
                        # network gone): what was sent is on the board, the rest is not
                        self._say("sudoscope: the class board at %s stopped taking this run "
                                  "midway (%s); what was sent before is on it, and the search "
                                  "goes on\n" % (self._to.split("#")[0], str(e) or type(e).__name__))
                        return
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
