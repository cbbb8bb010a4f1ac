# Leaves its process group and its session as a daemon does: forks, the child calls setsid()
# and forks again, the grandchild sleeps for good with the marker in its command line (found by
# pgrep). The command itself writes a trace and then waits.
import os, sys, time

marker = sys.argv[1]
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("python3", ["python3", "-c", "import time; time.sleep(3000)", marker, "daemon"])
    os._exit(0)
print('{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"daemon"}', flush=True)
for i in range(1, 4):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, i), flush=True)
time.sleep(3000)
