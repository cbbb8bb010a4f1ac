import sys
chunk = "x" * 65536
while True:
    sys.stderr.write(chunk)
