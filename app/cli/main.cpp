// arachne-cli entry point: dispatches to one command per subcommand and maps errors to exit codes.
#include <cstring>
#include <fcntl.h>
#include <iostream>
#include <string>
#include <unistd.h>
#include <vector>

#include "commands.h"
#include "io/load_error.h"
#include "signal_handling.h"
#include "control_byte_filter.h"
#include "stdout_sink.h"

#ifndef ARACHNE_VERSION
#define ARACHNE_VERSION "unknown"
#endif

namespace {

using namespace arachne::cli;

void printOverview(std::ostream& out) {
  out << "usage: arachne-cli COMMAND [options]\n\n"
         "Plans and prices distributed LLM training on heterogeneous GPU clusters.\n\n"
         "commands:\n";
  for (const auto& c : commands()) {
    out << "  " << c.spec.name << std::string(c.spec.name.size() < 10 ? 10 - c.spec.name.size() : 1, ' ')
        << c.spec.summary << "\n";
  }
  out << "\n'arachne-cli COMMAND --help' describes a command's options.\n"
         "exit codes: 0 ok, 2 bad input (message on stderr), 3 infeasible plan (report on stdout)\n";
}

const Command* findCommand(const std::string& name) {
  for (const auto& c : commands())
    if (c.spec.name == name) return &c;
  return nullptr;
}

int dispatch(int argc, char** argv);

// Output of these is regenerated in an instant: when it cannot be written there is nothing worth keeping.
bool cheapOutput(const std::string& command) {
  return command == "gpus" || command == "models" || command == "presets" || command == "help" ||
         command.empty() || command[0] == '-';
}

}  // namespace

int main(int argc, char** argv) {
  arachne::cli::installSignalHandlers();
  const std::string command = argc > 1 ? argv[1] : "";
  // A closed stdout is found before any work, not after it.
  if (::fcntl(STDOUT_FILENO, F_GETFL) < 0) {
    std::cerr << "arachne-cli: stdout is closed; nothing would be written (run it with stdout open)\n";
    return kExitBadInput;
  }
  arachne::cli::StdoutSink sink;
  // A plan's planner or a cluster's name holding an escape sequence reached the terminal raw
  // through evaluate's report; stdout is filtered as stderr is.
  arachne::cli::ControlByteFilter outFilter(&sink, false);
  std::streambuf* original = std::cout.rdbuf(&outFilter);
  arachne::cli::ControlByteFilter filter(std::cerr.rdbuf(), true);
  std::streambuf* originalErr = std::cerr.rdbuf(&filter);
  int code = dispatch(argc, argv);
  std::cout.flush();
  std::cout.rdbuf(original);
  sink.pubsync();
  if (sink.failed()) {
    const std::string prefix = "arachne-cli" + (command.empty() || command[0] == '-' ? "" : " " + command) + ": ";
    std::cerr << prefix << "cannot write to stdout: " << std::strerror(sink.error());
    if (findCommand(command) && !cheapOutput(command) && !sink.kept().empty()) {
      // Hours of planning or training must not end in nothing: the output goes to a file.
      const std::string kept = arachne::cli::rescueOutput(command, sink.kept());
      if (!kept.empty())
        std::cerr << "; the output (" << sink.kept().size() << " bytes" << (sink.keptWhole() ? "" : ", cut")
                  << ") is saved in " << kept;
      else
        std::cerr << "; the output could not be saved elsewhere either";
    }
    std::cerr << "\n";
    if (code == kExitOk || code == kExitInfeasible) code = kExitBadInput;
  }
  std::cerr.flush();
  std::cerr.rdbuf(originalErr);
  return code;
}

namespace {

int dispatch(int argc, char** argv) {
  std::ios::sync_with_stdio(true);
  if (argc < 2) {
    std::cerr << "arachne-cli: missing command (try 'arachne-cli --help')\n";
    return kExitBadInput;
  }
  const std::string first = argv[1];
  if ((first == "--version" || first == "-V" || first == "--help" || first == "-h") && argc > 2) {
    // `--version extra` printed the version and exited 0, so a mistyped script went unnoticed.
    std::cerr << "arachne-cli: unexpected argument '" << argv[2] << "' after " << first
              << " (for a command's help: 'arachne-cli help COMMAND')\n";
    return kExitBadInput;
  }
  if (first == "--version" || first == "-V") {
    std::cout << "arachne-cli " << ARACHNE_VERSION << "\n";
    return kExitOk;
  }
  if (first == "--help" || first == "-h") {
    printOverview(std::cout);
    return kExitOk;
  }
  if (first == "help") {
    if (argc < 3) {
      printOverview(std::cout);
      return kExitOk;
    }
    const Command* c = findCommand(argv[2]);
    if (!c) {
      std::cerr << "arachne-cli: unknown command '" << argv[2] << "' (try 'arachne-cli --help')\n";
      return kExitBadInput;
    }
    std::cout << helpText(c->spec);
    return kExitOk;
  }
  const Command* command = findCommand(first);
  if (!command) {
    std::cerr << "arachne-cli: unknown command '" << first << "' (try 'arachne-cli --help')\n";
    return kExitBadInput;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  const std::string prefix = "arachne-cli " + command->spec.name + ": ";
  try {
    return command->run(command->spec, args, std::cout, std::cerr);
  } catch (const UsageError& e) {
    std::cerr << prefix << e.what() << " (see 'arachne-cli " << command->spec.name << " --help')\n";
    return kExitBadInput;
  } catch (const arachne::LoadError& e) {
    std::cerr << prefix << e.what() << "\n";
    return kExitBadInput;
  } catch (const std::bad_alloc&) {
    std::cerr << prefix << "out of memory\n";
    return kExitInternal;
  } catch (const std::exception& e) {
    std::cerr << prefix << "internal error: " << e.what() << "\n";
    return kExitInternal;
  }
}

}  // namespace
