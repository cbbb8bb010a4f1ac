import sys, time
path = sys.argv[2]
def run(name, steps, pause):
    with open(path, "w") as f:
        f.write('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"%s"}\n' % name)
        f.flush()
        for i in range(1, steps + 1):
            f.write('{"step":%d,"changed":[[1,%d]],"cost":%d}\n' % (i, 1 + i % 9, 40 + i))
            f.flush()
            time.sleep(pause)
        f.write('{"end":"stuck"}\n')
run("first run", 5, 0.05)
time.sleep(float(sys.argv[3]) if len(sys.argv) > 3 else 1.5)
run("second run", 7, 0.05)
