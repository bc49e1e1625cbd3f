"""tests - the tests of the lab machinery, run by ctest as `python3 -m labs.tests.NAME`
from the top folder (labs/tests/CMakeLists.txt)."""
