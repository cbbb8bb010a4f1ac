import sys
seed = int(sys.argv[1])
if seed % 2 == 0:
    print("an even seed: this run crashes on purpose", file=sys.stderr)
    sys.exit(1)
print('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"flaky","seed":%d}' % seed)
print('{"step":1,"changed":[[1,2]]}')
print('{"end":"stuck"}')
