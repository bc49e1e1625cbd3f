// interp.cc - placeholder, being written.
