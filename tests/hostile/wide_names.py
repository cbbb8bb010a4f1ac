# Names its search, its parameters, its moves and its metrics with emoji sequences terminals
# measure in their own ways (a family joined by zero-width joiners, a heart with its variation
# selector, a flag, a skin tone, a keycap), beside accents and CJK; then waits, its marker in
# its command line.
import json, sys, time

marker = sys.argv[1]
name = "búsqueda 👨‍👩‍👧 corazón ❤️ bandera 🇦🇷 piel 👍🏽 clave 1️⃣ é 漢字"
print(json.dumps({"sudoscope_trace": "1.1", "puzzle": "sudoku_7", "algorithm": name,
                  "params": {"α ❤️": 1, "👨‍👩‍👧": "🇦🇷"}}), flush=True)
for i in range(1, 5):
    print(json.dumps({"step": i, "changed": [[1, i]], "move": "mueve 👨‍👩‍👧 y ❤️ y 🇦🇷 %d" % i,
                      "metrics": {"🔥 calor ❤️": i}}), flush=True)
print('{"end":"stuck"}', flush=True)
time.sleep(3000)
