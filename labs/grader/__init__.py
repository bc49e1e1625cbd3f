"""grader - the pieces of labs/grade.py: sandbox, submission build, judges, reports."""
