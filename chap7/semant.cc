// semant.cc - placeholder, being written.
