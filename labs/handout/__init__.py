"""handout - the handout generator (labs/README.md): markers.py reads the LAB markers
and cuts regions, text.py writes HANDOUT.md, make.py writes a handout
(`make handout LAB=NAME`), check.py tests one (ctest labs_handout_NAME)."""
