// The command table of arachne-cli.
#include "commands.h"

namespace arachne::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {planCommand(), compareCommand(), evaluateCommand(),
                                           gpusCommand(), modelsCommand(), presetsCommand(), networksCommand(),
                                           validateCommand(), trainCommand(), benchCommand(),
                                           exportCommand(), scenarioCommand(), paperCommand()};
  return all;
}

}  // namespace arachne::cli
