# A trace whose every number is as large or as small as JSON lets it be: a temperature of 1e307
# and 1.7e308, members' costs near 1e308, reported costs and metrics of every size, so that
# every chart, panel and histogram draws them. Then it waits, its marker in its command line.
import json, sys, time

marker = sys.argv[1]
steps = int(sys.argv[2]) if len(sys.argv) > 2 else 60
board = "384567917185269795129478415124112649549956382431986672499637667518745696317975584"
givens = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
print(json.dumps({"sudoscope_trace": "1.1", "givens": givens, "algorithm": "enormous"}), flush=True)
print(json.dumps({"step": 0, "board": board, "cost": 1e308}), flush=True)
values = [1e307, 1.7e308, -1.7e308, 5e-324, 0.0, -0.0, 1e-300, 1.7976931348623157e308]
for i in range(1, steps):
    v = values[i % len(values)]
    step = {
        "step": i,
        "changed": [[1, 1 + i % 9]],
        "cost": v,
        "metrics": {"temperature": v, "energy": -v, "tiny": 5e-324 * i},
        "member_costs": [v, 1.7e308, -1.7e308, 1e308, 5e-324, 0.0] * 5,
    }
    print(json.dumps(step), flush=True)
    time.sleep(0.01)
time.sleep(3000)
