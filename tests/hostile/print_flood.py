import sys
if len(sys.argv) > 2 and sys.argv[2] == "header":
    print('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"printer"}', flush=True)
i = 0
while True:
    i += 1
    print("debug: looking at neighbour %d of the current state, nothing to see here" % i)
