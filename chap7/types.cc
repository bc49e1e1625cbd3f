// types.cc - placeholder, being written.
