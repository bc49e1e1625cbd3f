// parse.cc - placeholder, being written.
