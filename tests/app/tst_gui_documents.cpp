// Opening files from the command line and the file manager: a cluster, a plan (shown with its
// cluster and model), a scenario (refused clearly: not built yet); and the launch export.
#include <QtTest>

#include <QMenuBar>
#include <QTemporaryDir>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "composition_model.h"
#include "core_planning_backend.h"
#include "io/plan_json.h"
#include "launch_export_action.h"
#include "main_window.h"
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

  void clusterFileAndUnknownFiles() {
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    QVERIFY2(w.openDocument(QStringLiteral(ARACHNE_SOURCE_DIR) + "/resources/presets/paper-2t-64.cluster.json", &error), qPrintable(error));
    QCOMPARE(w.compositionModel()->composition().totalGpus(), 64);
    QVERIFY(!w.openDocument(kData + "/sailor/Planner/llm_info.json", &error));
    QVERIFY(error.contains("neither a cluster"));
  }

  void scenarioFilesAreRefusedClearly() {
    QTemporaryDir dir;
    const QString path = dir.filePath("growth.scenario.json");
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{\"schema_version\": 1, \"events\": []}\n");
    f.close();
    MainWindow w(GpuCatalog::builtin(), backend_);
    QString error;
    QVERIFY(!w.openDocument(path, &error));
    QVERIFY2(error.contains("not supported yet"), qPrintable(error));
    // The executable: a batch run stops with the message and exit code 2.
    QString err;
    QCOMPARE(runGui({path, "--screenshot", dir.filePath("s.png")}, &err), 2);
    QVERIFY2(err.contains("not supported yet"), qPrintable(err));
    QVERIFY(!QFileInfo::exists(dir.filePath("s.png")));
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
