// ast_print.cc - placeholder, being written.
