#!/bin/sh
echo '{"sudoscope_trace":"1.0","puzzle":"sudoku_7","algorithm":"killed"}'
echo '{"step":1,"changed":[[1,3]]}'
echo '{"step":2,"changed":[[5,2]]}'
echo '{"step":3,"changed":[[7,4]]}'
echo "out of memory, says the student's code" >&2
kill -9 $$
