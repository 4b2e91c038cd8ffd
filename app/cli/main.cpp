// arachne-cli entry point: dispatches to one command per subcommand.
#include <cstdio>
#include <string>

int runValidateCommand(int argc, char** argv);

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: arachne-cli COMMAND [options]\n");
    return 2;
  }
  const std::string cmd = argv[1];
  if (cmd == "validate") return runValidateCommand(argc - 1, argv + 1);
  std::fprintf(stderr, "arachne-cli: unknown command '%s'\n", argv[1]);
  return 2;
}
