"""autograder - the Gradescope autograder of a lab (labs/GRADING.md, "Gradescope")."""
