"""autograder - the Gradescope autograder of a lab (labs/autograder/README.md, "The zip")."""
