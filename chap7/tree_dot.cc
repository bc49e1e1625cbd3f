// tree_dot.cc - placeholder, being written.
