// GPU counts of templates and plans.
#include "plan/plan.h"

namespace arachne {

int Template::gpus() const {
  int perReplica = 0;
  for (const Stage& s : stages) perReplica += s.tp;
  return replicas * perReplica;
}

int Plan::gpusUsed() const {
  int n = 0;
  for (const Template& t : templates) n += t.gpus();
  return n;
}

}  // namespace arachne
