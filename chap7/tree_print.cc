// tree_print.cc - placeholder, being written.
