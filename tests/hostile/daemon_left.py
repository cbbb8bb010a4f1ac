# Leaves a daemon behind and goes: forks, the child calls setsid() and forks again, the
# grandchild (the marker in its command line, found by pgrep) keeps the command's output open
# and sleeps for good; the command writes three steps and exits without its closing line.
import os, sys, time

marker = sys.argv[1]
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("python3", ["python3", "-c", "import time; time.sleep(3000)", marker, "daemon"])
    os._exit(0)
print('{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"left behind"}', flush=True)
for i in range(1, 4):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, i), flush=True)
