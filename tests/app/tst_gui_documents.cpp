// Opening files from the command line and the file manager: a cluster, a plan (shown with its
// cluster and model), a scenario (opened in the Scenario dock; a malformed one refused naming file and field); and the launch export.
#include <QtTest>

#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QTemporaryDir>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "composition_model.h"
#include "core_planning_backend.h"
#include "io/plan_json.h"
#include "language.h"
#include "launch_export_action.h"
#include "main_window.h"
#include "scenario_document.h"
#include "scenario_panel.h"
#include "model/model_catalog.h"
#include "training_panel.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
const QString kData = QStringLiteral(ARACHNE_TEST_DATA);

int runGui(const QStringList& args, QString* err) {
  QProcess p;
  QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
  env.insert("QT_QPA_PLATFORM", "offscreen");
  env.insert("XDG_CONFIG_HOME", QDir::tempPath() + "/arachne-documents-test-config");
  p.setProcessEnvironment(env);
  p.start(QStringLiteral(ARACHNE_GUI_EXE), args);
  if (!p.waitForFinished(120000)) return -1;
  *err = QString::fromUtf8(p.readAllStandardError());
  return p.exitCode();
}
}  // namespace

class TestGuiDocuments : public QObject {
  Q_OBJECT
  CorePlanningBackend backend_;

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void planFileShowsWithItsClusterAndModel() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    const QString path = kData + "/plans/llama3-8b-2type.plan.json";
    QVERIFY2(w.openDocument(path, &error), qPrintable(error));
    QVERIFY(w.result().has_value());
    QVERIFY(!w.isResultStale());
    const Plan file = loadPlanFile(path.toStdString());
    QVERIFY(w.result()->plan.templates[0].stages == file.templates[0].stages);
    QVERIFY(w.result()->report.feasible);
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 16);
    QCOMPARE(w.trainingPanel()->modelId(), QString("llama3-8b"));
  }

  // A plan file that does not price is shown as it is, but the result line says it is not
  // feasible and why (it used to read "0.00 sequences/s"), numbering stages and templates from
  // 1 as the views do, and the file's reasons for its unused GPUs, figured for a plan that
  // priced, are not shown.
  void infeasiblePlanFileSaysSo() {
    QVERIFY(Language::apply("en"));
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    const QString path = kData + "/plans/llama3-8b-oom.plan.json";
    QVERIFY(!loadPlanFile(path.toStdString()).unused_gpus.empty());
    QVERIFY2(w.openDocument(path, &error), qPrintable(error));
    QVERIFY(w.result().has_value());
    QVERIFY(!w.result()->report.feasible);
    const QString line = w.resultText();
    QVERIFY2(line.startsWith(QStringLiteral("This plan is not feasible: stage 1 of template 1 (a100-40, TP 1")), qPrintable(line));
    QVERIFY2(!line.contains(QStringLiteral("sequences/s")), qPrintable(line));
    QVERIFY(w.result()->plan.unused_gpus.empty());
    QVERIFY(!w.tabs()->isTabEnabled(MainWindow::DroppedTab));
  }

  // A plan made on a cluster file with node ids of its own (7 and 3) records the cluster inline,
  // which numbers the nodes 0 and 1: it opened as "not feasible: placed on node 7, which is not
  // in the composition". It is refused with the reason and what to do, and the window keeps
  // what it had.
  void planOnOwnNodeIdsIsRefusedWithTheReason() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster("h100:8x1"));
    QString error;
    const QString plan = kData + "/plans/own-node-ids.plan.json";
    QVERIFY(!w.openDocument(plan, &error));
    QVERIFY2(error.startsWith(plan + ": field 'provenance.cluster': records the cluster 'h100:8x2', which has no node 7") &&
                 error.contains("arachne-cli evaluate --plan FILE --cluster CLUSTER-FILE"),
             qPrintable(error));
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 8);
    QVERIFY(!w.result().has_value());
  }

  // A plan whose recorded cluster or model cannot be resolved used to be refused with the
  // loader's words for the value alone ("<inline cluster spec>: field 'nonexistent-preset': …",
  // "llama9: neither a model id …"); the message now names the plan file and its field, and the
  // window keeps the cluster and model it had.
  void planFileWithABadProvenanceNamesFileAndField() {
    QFile good(kData + "/plans/llama3-8b-2type.plan.json");
    QVERIFY(good.open(QIODevice::ReadOnly));
    const QJsonObject plan = QJsonDocument::fromJson(good.readAll()).object();
    QTemporaryDir dir;
    const auto withProvenance = [&](const QString& name, const QString& key, const QString& value) {
      QJsonObject p = plan;
      QJsonObject prov = p.value("provenance").toObject();
      prov.insert(key, value);
      p.insert("provenance", prov);
      QFile f(dir.filePath(name));
      if (f.open(QIODevice::WriteOnly)) f.write(QJsonDocument(p).toJson());
      return f.fileName();
    };
    const QString badCluster = withProvenance("cluster.plan.json", "cluster", "nonexistent-preset");
    const QString badModel = withProvenance("model.plan.json", "model", "llama9");
    MainWindow w(GpuCatalog::builtin(), backend_);
    QVERIFY(w.loadCluster("h100:8x1"));
    QVERIFY(w.trainingPanel()->selectModel("gpt-tiny"));
    QString error;
    QVERIFY(!w.openDocument(badCluster, &error));
    QVERIFY2(error.startsWith(badCluster + ": field 'provenance.cluster': 'nonexistent-preset' is neither a file, a preset ("),
             qPrintable(error));
    QVERIFY2(!error.contains("<inline cluster spec>"), qPrintable(error));
    QVERIFY(!w.openDocument(badModel, &error));
    QVERIFY2(error.startsWith(badModel + ": field 'provenance.model': llama9: neither a model id of the catalog"), qPrintable(error));
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 8);
    QCOMPARE(w.trainingPanel()->modelId(), QString("gpt-tiny"));
    QVERIFY(!w.result().has_value());
    // The executable: a batch run stops with the same message, exit code 2.
    QString err;
    QCOMPARE(runGui({badModel, "--screenshot", dir.filePath("m.png")}, &err), 2);
    QVERIFY2(err.contains(badModel + ": field 'provenance.model': llama9: neither"), qPrintable(err));
  }

  // The training fields take the plan files' ranges: a file's global batch of 2,000,000 and
  // sequence length of 2,000,000 were shown as 1,048,576 (the fields' old maximum), and the next
  // plan or what-if was made with those.
  void planFileTrainingBeyondTwoToTheTwentyIsShownAsWritten() {
    QFile good(kData + "/plans/llama3-8b-2type.plan.json");
    QVERIFY(good.open(QIODevice::ReadOnly));
    QJsonObject plan = QJsonDocument::fromJson(good.readAll()).object();
    plan.insert("training", QJsonObject{{"global_batch", 2000000}, {"sequence_length", 2000000}});
    QTemporaryDir dir;
    QFile f(dir.filePath("big-batch.plan.json"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(QJsonDocument(plan).toJson());
    f.close();
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    QVERIFY2(w.openDocument(f.fileName(), &error), qPrintable(error));
    QCOMPARE(w.trainingPanel()->spec().global_batch, 2000000);
    QCOMPARE(w.trainingPanel()->spec().sequence_length, 2000000);
  }

  void clusterFileAndUnknownFiles() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    QVERIFY2(w.openDocument(QStringLiteral(ARACHNE_SOURCE_DIR) + "/resources/presets/paper-2t-64.cluster.json", &error), qPrintable(error));
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 64);
    QVERIFY(!w.openDocument(kData + "/sailor/Planner/llm_info.json", &error));
    QVERIFY(error.contains("neither a cluster"));
  }

  void scenarioFilesOpenInTheScenarioDock() {
    QTemporaryDir dir;
    const QString path = dir.filePath("growth.scenario.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"schema_version\": 1, \"events\": []}\n");
    f.close();
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    QVERIFY(!w.openDocument(path, &error));
    QVERIFY2(error.contains("growth.scenario.json") && error.contains("cluster"), qPrintable(error));
    // The executable: a batch run stops with the message and exit code 2.
    QString err;
    QCOMPARE(runGui({path, "--screenshot", dir.filePath("s.png")}, &err), 2);
    QVERIFY2(err.contains("growth.scenario.json"), qPrintable(err));
    QVERIFY(!QFileInfo::exists(dir.filePath("s.png")));
    // A valid scenario opens in the dock, which is shown.
    const QString preset = QStringLiteral(ARACHNE_SOURCE_DIR) + "/resources/scenarios/spot-a100.scenario.json";
    QVERIFY2(w.openDocument(preset, &error), qPrintable(error));
    QCOMPARE(QString::fromStdString(w.scenarioPanel()->document()->scenario().name), QStringLiteral("spot-a100"));
    QCOMPARE(w.scenarioPanel()->filePath(), preset);
    QVERIFY(!w.scenarioPanel()->parentWidget()->isHidden());
  }

  void executableOpensAPlan() {
    QTemporaryDir dir;
    QString err;
    QCOMPARE(runGui({kData + "/plans/llama3-8b-2type.plan.json", "--screenshot", dir.filePath("p.png")}, &err), 0);
    QCOMPARE(QImage(dir.filePath("p.png")).size(), QSize(1400, 900));
  }

  void launchExportFromTheWindow() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    bool inMenu = false;
    for (QAction* menu : w.menuBar()->actions())
      for (QAction* a : menu->menu()->actions()) inMenu = inMenu || a->text() == "Export &launch files…";
    QVERIFY(inMenu);
    QString error;
    QVERIFY(w.openDocument(kData + "/plans/llama3-8b-2type.plan.json", &error));
    PlanningRequest request;
    request.composition = w.compositionModel()->composition();
    request.model = w.trainingPanel()->model();
    request.spec = w.trainingPanel()->spec();
    QTemporaryDir dir;
    bool ok = false;
    QString message = LaunchExportAction::exportTo({&*w.result(), &request}, "megatron", dir.path(), &ok);
    QVERIFY2(ok, qPrintable(message));
    QVERIFY(QFileInfo(dir.filePath("launch.sh")).isExecutable());
    QVERIFY(QFileInfo::exists(dir.filePath("rankmap.json")));
    // A plan Megatron-LM cannot run: the reason, and the rank map instead of a command.
    QVERIFY(w.openDocument(kData + "/plans/mixtral-ep.plan.json", &error));
    request.composition = w.compositionModel()->composition();
    request.model = w.trainingPanel()->model();
    request.spec = w.trainingPanel()->spec();
    QTemporaryDir dir2;
    message = LaunchExportAction::exportTo({&*w.result(), &request}, "megatron", dir2.path(), &ok);
    QVERIFY(!ok);
    QVERIFY2(message.contains("expert-tiling"), qPrintable(message));
    QVERIFY(!QFileInfo::exists(dir2.filePath("launch.sh")));
    QVERIFY(QFileInfo::exists(dir2.filePath("rankmap.json")));
  }
};

QTEST_MAIN(TestGuiDocuments)
#include "tst_gui_documents.moc"
