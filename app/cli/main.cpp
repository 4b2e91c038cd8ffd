// arachne-cli entry point: dispatches to one command per subcommand.
#include <cstdio>
#include <string>

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: arachne-cli COMMAND [options]\n");
    return 2;
  }
  std::fprintf(stderr, "arachne-cli: unknown command '%s'\n", argv[1]);
  return 2;
}
