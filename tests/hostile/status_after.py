# A complete trace, closing line and all, that ends "solved" with the board it returns, then
# prints a line on standard output and one on standard error, and exits with status 3.
import sys

marker = sys.argv[1]
solution = "374561928185429763962378415827613549649257831531984672496832157218745396753196284"
givens = "3.456.9..185..97......78415.2..1..49.49.5......198.67.49..3...7.18745..6.......8."
print('{"sudoscope_trace":"1.1","givens":"%s","algorithm":"liar"}' % givens, flush=True)
print('{"step":1,"board":"%s"}' % solution, flush=True)
print('{"end":"solved","result":"%s"}' % solution, flush=True)
print("a print after the trace", flush=True)
sys.stderr.write("an error after the trace\n")
sys.exit(3)
