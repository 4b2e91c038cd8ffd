// CommandLine: QCommandLineParser over the options of the arachne executable.
#include "command_line.h"

#include <QCommandLineParser>
#include <QCoreApplication>

namespace arachne::gui {

CommandLine CommandLine::parse(const QStringList& arguments) {
  QCommandLineParser p;
  p.setApplicationDescription(QStringLiteral("Arachne Plan Explorer: plan LLM training on heterogeneous GPU clusters."));
  p.addHelpOption();
  p.addVersionOption();
  const QCommandLineOption screenshot(QStringLiteral("screenshot"),
      QStringLiteral("Render the main window to a PNG and exit."), QStringLiteral("FILE"));
  const QCommandLineOption cluster(QStringLiteral("cluster"),
      QStringLiteral("Cluster: a *.cluster.json file, a preset name or the inline form."), QStringLiteral("SPEC"));
  const QCommandLineOption model(QStringLiteral("model"),
      QStringLiteral("Model: a catalog id or a model JSON file."), QStringLiteral("ID"));
  const QCommandLineOption planner(QStringLiteral("planner"), QStringLiteral("Planner name."), QStringLiteral("NAME"));
  const QCommandLineOption budget(QStringLiteral("budget"), QStringLiteral("Planner budget in seconds."), QStringLiteral("S"));
  const QCommandLineOption plan(QStringLiteral("plan"), QStringLiteral("Plan at start (before the screenshot)."));
  const QCommandLineOption lang(QStringLiteral("lang"), QStringLiteral("Language: en, de or zh_CN."), QStringLiteral("L"));
  const QCommandLineOption tab(QStringLiteral("tab"),
      QStringLiteral("Result tab to show: plan, memory, timeline, replay, alternatives, dropped, whatif, summary."),
      QStringLiteral("NAME"));
  const QCommandLineOption bench(QStringLiteral("bench-latency"),
      QStringLiteral("Plan once and print the UI event-loop latency during the run and the time to first paint."));
  p.addOptions({screenshot, cluster, model, planner, budget, plan, lang, tab, bench});
  CommandLine c;
  if (!p.parse(arguments)) {
    c.error = p.errorText();
    return c;
  }
  if (p.isSet(QStringLiteral("help"))) p.showHelp(0);
  if (p.isSet(QStringLiteral("version"))) p.showVersion();
  c.screenshot = p.value(screenshot);
  c.cluster = p.value(cluster);
  c.model = p.value(model);
  c.planner = p.value(planner);
  if (p.isSet(budget)) {
    bool ok = false;
    c.budget = p.value(budget).toDouble(&ok);
    if (!ok || c.budget <= 0) c.error = QStringLiteral("--budget needs a positive number of seconds");
  }
  c.plan = p.isSet(plan);
  c.lang = p.value(lang);
  c.tab = p.value(tab);
  c.benchLatency = p.isSet(bench);
  if (!p.positionalArguments().isEmpty())
    c.error = QStringLiteral("unexpected argument '%1'").arg(p.positionalArguments().first());
  return c;
}

}  // namespace arachne::gui
