// The arachne-cli commands: each is a spec (options, help) and a function that runs it.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "args.h"

namespace arachne::cli {

// Exit codes: 0 ok, 2 bad input (message on stderr), 3 infeasible plan (report on stdout).
// 1 is kept for internal errors that are not the user's fault.
constexpr int kExitOk = 0;
constexpr int kExitInternal = 1;
constexpr int kExitBadInput = 2;
constexpr int kExitInfeasible = 3;
// `train --workers`: a peer of the distributed run could not be reached, left it or stopped
// answering (the message names the rank, the master and what failed).
constexpr int kExitPeer = 4;

struct Command {
  CommandSpec spec;
  // Throws UsageError or LoadError on bad input; returns the exit code otherwise.
  int (*run)(const CommandSpec& spec, const std::vector<std::string>& args, std::ostream& out,
             std::ostream& err);
};

Command evaluateCommand();
Command gpusCommand();
Command modelsCommand();
Command presetsCommand();
Command planCommand();     // cmd_plan.cpp
Command compareCommand();  // cmd_compare.cpp
Command validateCommand();  // cmd_validate.cpp
Command trainCommand();     // cmd_train.cpp
Command benchCommand();     // cmd_bench.cpp
Command scenarioCommand();  // cmd_scenario.cpp
Command networksCommand();  // cmd_networks.cpp
Command exportCommand();    // cmd_export.cpp
Command paperCommand();     // cmd_paper.cpp

// Every command in the order `arachne-cli --help` lists them.
const std::vector<Command>& commands();

}  // namespace arachne::cli
