"""labs - the lab machinery, one package run from the repository's top folder as
`python3 -m labs.PART.TOOL` (labs/README.md):

  labs.handout     the generator: markers, handout text, a handout's tree
  labs.cut         a handout whole, with the grader's data (`make handout`)
  labs.grader      the grader: `make grade`, grade-all, grade-tests, mutation-score
  labs.autograder  the Gradescope autograder: its zip (pack), setup.sh, run_autograder
  labs.tests       the tests of all three (labs/tests/CMakeLists.txt)
  labs.paths       where the tree is, and the labs (labs/NAME/lab.json, in course order)
  labs.spec        a lab's grading.json, checked
  labs.programs    a test program's directives (testcases/run_testcases.py's too)
The imports go one way (labs/README.md; labs/tests/kit_checks.py checks it).
"""
