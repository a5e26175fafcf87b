// A shared library that is not an accsim plug-in: it has no accsim_plugin().
extern "C" int not_a_plugin() { return 0; }
