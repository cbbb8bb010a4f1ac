import signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
print('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"stubborn"}', flush=True)
i = 0
while True:
    i += 1
    print('{"step":%d,"changed":[[1,%d]]}' % (i, 1 + i % 9), flush=True)
    time.sleep(0.05)
