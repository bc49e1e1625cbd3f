"""handout - the handout generator (labs/README.md): markers.py reads the LAB markers
and cuts regions, text.py writes HANDOUT.md, make.py writes a handout's tree given the
writer of its grading data; it imports nothing of labs.grader (labs/cut.py joins the
two: `make handout LAB=NAME`). Its test: labs/tests/handout_check.py."""
