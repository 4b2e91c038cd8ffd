// The command table of arachne-cli.
#include "commands.h"

namespace arachne::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {planCommand(), compareCommand(), evaluateCommand(),
                                           gpusCommand(), modelsCommand(), presetsCommand(),
                                           validateCommand(), trainCommand(), benchCommand(),
                                           scenarioCommand()};
  return all;
}

}  // namespace arachne::cli
