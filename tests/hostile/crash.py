import sys
print('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"crasher"}', flush=True)
for i in range(1, 6):
    print('{"step":%d,"changed":[[1,%d]]}' % (i, i), flush=True)
print("about to divide", file=sys.stderr)
1 / 0
