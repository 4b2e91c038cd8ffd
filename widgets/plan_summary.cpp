// planSummaryText: the text the Summary tab shows and Copy summary puts on the clipboard.
#include "plan_summary.h"

#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <algorithm>

#include "core_text.h"
#include "time_format.h"

namespace arachne::gui {

QString planSummaryText(const Plan& plan, const PlanReport& report) {
  const QLocale l;
  QStringList out;
  int used = 0;
  for (const auto& t : plan.templates) {
    int perReplica = 0;
    for (const auto& s : t.stages) perReplica += s.tp;
    used += perReplica * t.replicas;
  }
  out << QCoreApplication::translate("arachne::gui::PlanSummary", "Plan by %1 %2 (seed %3) for %4 on %5")
             .arg(QString::fromStdString(plan.provenance.planner),
                  QString::fromStdString(plan.provenance.planner_version))
             .arg(plan.provenance.seed)
             .arg(QString::fromStdString(plan.provenance.model),
                  QString::fromStdString(plan.provenance.cluster));
  if (report.feasible) {
    out << QCoreApplication::translate("arachne::gui::PlanSummary", "Throughput: %1 sequences/s, %2 tokens/s, %3 iterations/s")
               .arg(l.toString(report.throughput.sequences_per_s, 'f', 3))
               .arg(l.toString(report.throughput.tokens_per_s, 'f', 0))
               .arg(l.toString(report.throughput.iterations_per_s, 'f', 4));
    out << QCoreApplication::translate("arachne::gui::PlanSummary", "Iteration time: %1").arg(formatSeconds(report.iteration_time_s));
    if (report.usdPerMillionTokens() > 0)
      out << QCoreApplication::translate("arachne::gui::PlanSummary", "Cluster price: $%1 per hour, $%2 per million tokens")
                 .arg(l.toString(report.cluster_price_per_hour, 'f', 2))
                 .arg(l.toString(report.usdPerMillionTokens(), 'f', 3));
  } else {
    out << QCoreApplication::translate("arachne::gui::PlanSummary", "The plan is not feasible:");
    for (const auto& v : report.violations) out << QStringLiteral("  - ") + coreText(v.reason, v.message);
  }
  out << QCoreApplication::translate("arachne::gui::PlanSummary", "GPUs used: %1").arg(used);
  for (size_t i = 0; i < plan.templates.size(); ++i) {
    const Template& t = plan.templates[i];
    out << QCoreApplication::translate("arachne::gui::PlanSummary", "Template %1: %2 replica(s), micro-batch %3, %4 micro-batches per replica")
               .arg(i + 1).arg(t.replicas).arg(t.micro_batch).arg(t.micro_batches);
    for (size_t s = 0; s < t.stages.size(); ++s) {
      const Stage& st = t.stages[s];
      QString line = QCoreApplication::translate("arachne::gui::PlanSummary", "  stage %1: %2 TP %3, layers %4-%5")
                         .arg(s + 1).arg(QString::fromStdString(st.gpu_type).toUpper())
                         .arg(st.tp).arg(st.first_layer).arg(st.last_layer);
      if (st.expert_tiling)
        line += QCoreApplication::translate("arachne::gui::PlanSummary", ", experts EP %1 x ETP %2 x EDP %3")
                    .arg(st.expert_tiling->ep).arg(st.expert_tiling->etp).arg(st.expert_tiling->edp);
      if (i < report.templates.size() && s < report.templates[i].stages.size()) {
        const StageReport& r = report.templates[i].stages[s];
        line += QCoreApplication::translate("arachne::gui::PlanSummary", ", t_s %1, memory %2 of %3")
                    .arg(formatSeconds(r.time.perMicroBatch()), formatGibibytes(r.memory.total()),
                         formatGibibytes(r.memory.capacity));
      }
      out << line;
    }
  }
  if (!plan.unused_gpus.empty()) {
    out << QCoreApplication::translate("arachne::gui::PlanSummary", "Unused GPUs:");
    // Nodes of one type with the same reason share a line, as in the why-dropped view.
    std::vector<std::vector<const UnusedGpus*>> groups;
    for (const auto& u : plan.unused_gpus) {
      auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) {
        return g.front()->gpu_type == u.gpu_type && g.front()->reason == u.reason;
      });
      if (it == groups.end()) groups.push_back({&u});
      else it->push_back(&u);
    }
    for (const auto& g : groups) {
      QStringList nodes;
      int gpus = 0;
      for (const UnusedGpus* u : g) {
        nodes << QString::number(u->node_id);
        gpus += u->count;
      }
      out << QCoreApplication::translate("arachne::gui::PlanSummary", "  %1, %n GPU(s) on node(s) %2: %3", nullptr, gpus)
                 .arg(QString::fromStdString(g.front()->gpu_type).toUpper(), nodes.join(QStringLiteral(", ")),
                      coreText(g.front()->why, g.front()->reason));
    }
  }
  return out.join(QLatin1Char('\n'));
}

}  // namespace arachne::gui
