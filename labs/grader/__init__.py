"""grader - the grader (labs/GRADING.md): grade.py (`make grade`), grade_tests.py,
mutation_score.py, and their pieces: sandbox, submission build, judges, reports."""
