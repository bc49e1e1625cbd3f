"""testcases - the end-to-end programs; their directives are read by labs/programs.py,
which run_testcases.py and the lab grader share."""
