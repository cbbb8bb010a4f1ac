# Writes a header and steps, then stops itself with SIGSTOP; after a SIGCONT it writes the
# rest and its closing line. Its marker stays in its command line.
import os, signal, sys, time

marker = sys.argv[1]
print('{"sudoscope_trace":"1.1","puzzle":"sudoku_7","algorithm":"sleeper"}', flush=True)
for i in range(1, 4):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, i), flush=True)
os.kill(os.getpid(), signal.SIGSTOP)
for i in range(4, 8):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, 1 + i % 9), flush=True)
    time.sleep(0.05)
sys.stderr.write("woke up and went on\n")
print('{"end":"stuck"}', flush=True)
time.sleep(3000)
