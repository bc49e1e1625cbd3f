"""testcases - the end-to-end programs; run_testcases.py's directives are shared with the
grader (labs/grader/grade.py)."""
