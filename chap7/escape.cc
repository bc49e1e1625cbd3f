// escape.cc - placeholder, being written.
