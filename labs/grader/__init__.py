"""grader - the grader (labs/grader/README.md, "The modules"): grade.py (`make grade`), grade_tests.py,
mutation_score.py, and their pieces: sandbox, submission build, judges, reports."""
