import json, sys
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
out = sys.stdout
out.write('{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"verbose"}\n')
words = "swap " * 180000
for i in range(1, steps + 1):
    cell = [1, 5, 7, 8, 12, 13][i % 6]
    out.write(json.dumps({"step": i, "changed": [[cell, 1 + i % 9]], "cost": 40, "move": words}) + "\n")
out.write('{"end":"stuck"}\n')
