// CommandLine: QCommandLineParser over the options of the arachne executable.
#include "command_line.h"

#include "catalog/precision.h"
#include "catalog/training_spec.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QRegularExpression>

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
  const QCommandLineOption scenario(QStringLiteral("scenario"),
      QStringLiteral("Open the scenario dock on a *.scenario.json file or a preset (with --screenshot: play it first)."),
      QStringLiteral("SPEC"));
  const QCommandLineOption scenarioPlanners(QStringLiteral("scenario-planners"),
      QStringLiteral("Comma-separated planners the scenario plays."), QStringLiteral("LIST"));
  const QCommandLineOption globalBatch(QStringLiteral("global-batch"),
      QStringLiteral("Global batch in sequences (default: the model's)."), QStringLiteral("N"));
  const QCommandLineOption seqLen(QStringLiteral("seq-len"),
      QStringLiteral("Sequence length in tokens (default: the model's)."), QStringLiteral("N"));
  const QCommandLineOption checkpointing(QStringLiteral("checkpointing"),
      QStringLiteral("Activation checkpointing: on or off (default: the model's)."), QStringLiteral("on|off"));
  const QCommandLineOption precision(QStringLiteral("precision"),
      QStringLiteral("Training precision: bf16, fp16, fp32 or fp8 (default: the model's)."), QStringLiteral("P"));
  const QCommandLineOption compare(QStringLiteral("compare"),
      QStringLiteral("After planning, run these planners in the alternatives view (comma list, or 'all')."),
      QStringLiteral("LIST"));
  const QCommandLineOption whatIf(QStringLiteral("whatif"),
      QStringLiteral("After planning, one edit in the what-if editor: tp:T:S:N, replicas:T:N, depth:T:N or mb:T:N "
                     "(templates and stages count from 1)."),
      QStringLiteral("EDIT"));
  const QCommandLineOption exportView(QStringLiteral("export-view"),
      QStringLiteral("Write the current tab's view, whole (as File > Export current view), to a PNG or PDF and exit."),
      QStringLiteral("FILE"));
  const QCommandLineOption size(QStringLiteral("size"),
      QStringLiteral("Window size, e.g. 1024x700 (default for --screenshot: 1400x900)."), QStringLiteral("WxH"));
  p.addOptions({screenshot, exportView, cluster, model, planner, budget, plan, lang, tab, bench, globalBatch, seqLen, checkpointing, precision, compare, whatIf,
                scenario, scenarioPlanners, size});
  p.addPositionalArgument(QStringLiteral("FILE"), QStringLiteral("A cluster, plan or scenario file to open."), QStringLiteral("[FILE]"));
  CommandLine c;
  if (!p.parse(arguments)) {
    c.error = p.errorText();
    return c;
  }
  if (p.isSet(QStringLiteral("help"))) p.showHelp(0);
  if (p.isSet(QStringLiteral("version"))) p.showVersion();
  c.screenshot = p.value(screenshot);
  c.exportView = p.value(exportView);
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
  c.scenario = p.value(scenario);
  if (p.isSet(scenarioPlanners)) c.scenarioPlanners = p.value(scenarioPlanners).split(QLatin1Char(','), Qt::SkipEmptyParts);
  // The ranges of the training fields and of the plan files (training_spec.h): a larger value
  // used to be clamped by the field without a word.
  const auto count = [&](const QCommandLineOption& o, const char* unit, int max, int& out) {
    if (!p.isSet(o)) return;
    bool ok = false;
    out = p.value(o).toInt(&ok);
    if (!ok || out < 1 || out > max)
      c.error = QStringLiteral("--%1 needs a number of %2 from 1 to %3 (not '%4')")
                    .arg(o.names().first(), QLatin1String(unit)).arg(max).arg(p.value(o));
  };
  count(globalBatch, "sequences", kMaxGlobalBatch, c.globalBatch);
  count(seqLen, "tokens", kMaxSequenceLength, c.seqLen);
  if (p.isSet(checkpointing)) {
    const QString v = p.value(checkpointing);
    if (v == QLatin1String("on") || v == QLatin1String("off")) c.checkpointing = v == QLatin1String("on") ? 1 : 0;
    else c.error = QStringLiteral("--checkpointing needs on or off (not '%1')").arg(v);
  }
  if (p.isSet(precision)) {
    c.precision = p.value(precision);
    if (!precisionFromString(c.precision.toStdString()))
      c.error = QStringLiteral("--precision needs bf16, fp16, fp32 or fp8 (not '%1')").arg(c.precision);
  }
  if (p.isSet(size)) {
    // A window smaller than this cannot show its docks and tabs at all.
    const auto m = QRegularExpression(QStringLiteral("^(\\d{3,5})x(\\d{3,5})$")).match(p.value(size));
    c.size = m.hasMatch() ? QSize(m.captured(1).toInt(), m.captured(2).toInt()) : QSize();
    if (!c.size.isValid() || c.size.width() < 640 || c.size.height() < 480)
      c.error = QStringLiteral("--size needs WIDTHxHEIGHT of at least 640x480, e.g. 1024x700 (not '%1')").arg(p.value(size));
  }
  c.compare = p.value(compare);
  if (p.isSet(compare) && c.compare.split(QLatin1Char(','), Qt::SkipEmptyParts).isEmpty())
    c.error = QStringLiteral("--compare needs a comma list of planners or 'all'");
  c.whatIf = p.value(whatIf);
  if (!c.whatIf.isEmpty() &&
      !QRegularExpression(QStringLiteral("^(tp:\\d+:\\d+:\\d+|(replicas|depth|mb):\\d+:\\d+)$")).match(c.whatIf).hasMatch())
    c.error = QStringLiteral("--whatif needs tp:T:S:N, replicas:T:N, depth:T:N or mb:T:N");
  // Both act on the plan made at start; without --plan there is none, and they used to be
  // dropped without a word (the picture then showed something else than asked for).
  if (!c.plan && p.isSet(compare)) c.error = QStringLiteral("--compare needs --plan: it runs the planners after the plan at start");
  if (!c.plan && p.isSet(whatIf)) c.error = QStringLiteral("--whatif needs --plan: it edits the plan made at start");
  const QStringList files = p.positionalArguments();
  if (files.size() > 1) c.error = QStringLiteral("unexpected argument '%1': one file at a time").arg(files.at(1));
  else if (!files.isEmpty()) c.file = files.first();
  return c;
}

}  // namespace arachne::gui
