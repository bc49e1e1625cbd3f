"""labs - the lab machinery, one package run from the repository's top folder as
`python3 -m labs.PART.TOOL` (labs/README.md):

  labs.handout     the generator: markers, handout text, `make handout`, its check
  labs.grader      the grader: `make grade`, grade-all, grade-tests, mutation-score
  labs.autograder  the Gradescope autograder: its zip (pack), setup.sh, run_autograder
  labs.tests       the tests of all three (labs/tests/CMakeLists.txt)
  labs.paths       where the tree is, and the labs (labs/NAME/lab.json, in course order)
"""
