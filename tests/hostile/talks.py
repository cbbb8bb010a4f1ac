# Prints to standard output and to standard error before any trace, then fails with a
# traceback: a record must keep what it printed and what it said on standard error apart.
import sys

marker = sys.argv[1]
print("printed before any trace", flush=True)
sys.stderr.write("said on standard error\n")
sys.stderr.flush()
raise ValueError("no trace today")
