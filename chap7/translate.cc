// translate.cc - placeholder, being written.
