// The explorer's scenario panel: every edit (add, move by call, drag and key, delete, model,
// horizon) is one undo step that restores the scenario exactly; files round-trip; a malformed
// file is refused naming its field; Play runs on the worker thread and fills the chart, the steps
// table and the plan diff; an edit marks the run as stale.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QMouseEvent>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "plan_diff_model.h"
#include "scenario/scenario_json.h"
#include "scenario_document.h"
#include "scenario_panel.h"
#include "scenario_steps_model.h"
#include "scenario_throughput_chart.h"
#include "scenario_timeline_view.h"

using namespace arachne;
using namespace arachne::gui;

class TestScenarioPanel : public QObject {
  Q_OBJECT

  static ScenarioEvent joinAt(double t, int id) {
    ScenarioEvent e;
    e.at_s = t;
    e.kind = ScenarioEventKind::Join;
    Node n;
    n.id = id;
    n.gpu_type = "a6000";
    n.gpus = 4;
    e.nodes.push_back(n);
    return e;
  }

  // The point of a marker on the axis: its x, and a y where eventAt finds it.
  static QPoint markerPoint(ScenarioTimelineView* v, int index, double at_s) {
    const int x = static_cast<int>(std::lround(v->xForTime(at_s)));
    for (int y = 0; y < v->height(); ++y)
      if (v->eventAt(QPoint(x, y)) == index) return {x, y};
    return {-1, -1};
  }

  static void sendMouse(QWidget* w, QEvent::Type type, QPoint p, Qt::MouseButtons buttons) {
    QMouseEvent e(type, QPointF(p), w->mapToGlobal(QPointF(p)), Qt::LeftButton, buttons, Qt::NoModifier);
    QApplication::sendEvent(w, &e);
  }

 private slots:
  void startsOnPaperGrowthWithAnEmptyHistory() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    QCOMPARE(QString::fromStdString(panel.document()->scenario().name), QStringLiteral("paper-growth"));
    QCOMPARE(panel.document()->eventCount(), 4);
    QCOMPARE(panel.undoStack()->count(), 0);
    QVERIFY(panel.playAction()->isEnabled() == !panel.selectedPlanners().isEmpty());
  }

  void addDeleteAndMoveUndoExactly() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    const Scenario original = panel.document()->scenario();
    const int id = original.nextNodeId();

    QVERIFY(panel.addEvent(joinAt(450, id), {{id, "late-node"}}));
    QCOMPARE(panel.document()->eventCount(), 5);
    QCOMPARE(panel.document()->scenario().events[1].at_s, 450.0);  // placed in time order
    QCOMPARE(panel.document()->scenario().nodeLabel(id), std::string("late-node"));
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);
    panel.undoStack()->redo();
    QCOMPARE(panel.document()->eventCount(), 5);
    panel.undoStack()->undo();

    // Moving the first join past the second re-sorts; undo puts it back where it was.
    QVERIFY(panel.moveEvent(0, 700));
    QCOMPARE(panel.document()->scenario().events[0].at_s, 600.0);
    QCOMPARE(panel.document()->scenario().events[1].at_s, 700.0);
    QCOMPARE(panel.timeline()->selectedEvent(), 1);  // the moved event stays selected
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);

    QVERIFY(panel.deleteEvent(2));
    QCOMPARE(panel.document()->eventCount(), 3);
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);

    // Nothing to do is no edit.
    QVERIFY(!panel.deleteEvent(17));
    QVERIFY(!panel.moveEvent(0, original.events[0].at_s));
    QVERIFY(!panel.moveEvent(0, -5));
    QCOMPARE(panel.undoStack()->index(), 0);
  }

  void aDeleteThatContradictsALaterLeaveIsListedNotRefused() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    const Scenario& s = panel.document()->scenario();
    ScenarioEvent leave;
    leave.at_s = 1300;
    leave.kind = ScenarioEventKind::Leave;
    leave.node_ids = {s.events.back().nodes.front().id};
    QVERIFY(panel.addEvent(leave));
    QVERIFY(panel.document()->problems().empty());
    QVERIFY(panel.deleteEvent(3));  // the join of the node that leaves later
    QVERIFY(!panel.document()->problems().empty());
    QVERIFY(!panel.problemsLabel()->isHidden());
    QVERIFY(!panel.problemsLabel()->text().isEmpty());
    QVERIFY(!panel.playAction()->isEnabled());  // a contradictory scenario does not play
    panel.undoStack()->undo();
    QVERIFY(panel.document()->problems().empty());
    QVERIFY(panel.playAction()->isEnabled());
  }

  void dragAndKeysMoveAnEventAsUndoableEdits() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    panel.resize(1200, 800);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    const Scenario original = panel.document()->scenario();
    ScenarioTimelineView* v = panel.timeline();
    const QPoint from = markerPoint(v, 0, original.events[0].at_s);
    QVERIFY2(from.x() >= 0, "the first event's marker is on the axis");
    const QPoint to(static_cast<int>(std::lround(v->xForTime(450))), from.y());
    sendMouse(v, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(v, QEvent::MouseMove, (from + to) / 2, Qt::LeftButton);
    sendMouse(v, QEvent::MouseMove, to, Qt::LeftButton);
    sendMouse(v, QEvent::MouseButtonRelease, to, Qt::NoButton);
    QCOMPARE(panel.undoStack()->count(), 1);
    const double moved = panel.document()->scenario().events[0].at_s;
    QVERIFY2(std::abs(moved - 450) <= 2 * original.horizon() / v->width() + 1, qPrintable(QString::number(moved)));

    // Arrow keys nudge the selected event; consecutive nudges are one undo step.
    v->setFocus();
    QCOMPARE(v->selectedEvent(), 0);
    QTest::keyClick(v, Qt::Key_Right);
    QTest::keyClick(v, Qt::Key_Right);
    QVERIFY(panel.document()->scenario().events[0].at_s > moved);
    QCOMPARE(panel.undoStack()->count(), 2);
    panel.undoStack()->undo();
    QCOMPARE(panel.document()->scenario().events[0].at_s, moved);
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);

    // A click without a drag moves nothing.
    sendMouse(v, QEvent::MouseButtonPress, from, Qt::LeftButton);
    sendMouse(v, QEvent::MouseButtonRelease, from, Qt::NoButton);
    QCOMPARE(panel.undoStack()->index(), 0);
    QCOMPARE(v->selectedEvent(), 0);
    QTest::keyClick(v, Qt::Key_Delete);
    QCOMPARE(panel.document()->eventCount(), 3);
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);
  }

  // Every event's label lies inside the timeline, at its smallest height and at the height a
  // dock gives it: the upper row of labels ("✕ spot-2", "✕ spot-3" of spot-a100) was drawn above
  // the widget's top edge, and a label at either end of the axis past its side.
  void eventLabelsStayInsideTheTimeline() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    QVERIFY(panel.openScenario(QStringLiteral("spot-a100")));
    ScenarioTimelineView* v = panel.timeline();
    const int events = panel.document()->eventCount();
    QVERIFY(events >= 4);
    for (const QSize size : {v->minimumSizeHint(), QSize(900, v->sizeHint().height()), QSize(320, 200)}) {
      v->resize(size);
      for (int i = 0; i < events; ++i) {
        const QRectF label = v->labelRect(i);
        QVERIFY(!label.isEmpty());
        QVERIFY2(QRectF(v->rect()).contains(label),
                 qPrintable(QString("event %1 at %2x%3: label (%4, %5, %6 x %7)").arg(i).arg(size.width()).arg(size.height())
                                .arg(label.x()).arg(label.y()).arg(label.width()).arg(label.height())));
        // Above its marker, which stays where a click finds it.
        QCOMPARE(v->eventAt(QPoint(int(std::lround(v->xForTime(panel.document()->scenario().events[size_t(i)].at_s))),
                                   int(label.bottom()) + 10)), i);
      }
    }
  }

  void startFromTheComposersClusterIsOneEdit() {
    const Composition c = resolveCluster("a100-80:8x2", GpuCatalog::builtin());
    ScenarioPanel panel(GpuCatalog::builtin(), [c] { return c; });
    const Scenario original = panel.document()->scenario();
    QVERIFY(panel.startFromComposerCluster());
    QCOMPARE(panel.document()->scenario().start.totalGpus(), 16);
    QVERIFY(panel.document()->scenario().cluster_spec.empty());
    panel.undoStack()->undo();
    QVERIFY(panel.document()->scenario() == original);
  }

  void filesRoundTripAndBadFilesNameTheField() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    const int id = panel.document()->scenario().nextNodeId();
    QVERIFY(panel.addEvent(joinAt(450, id)));
    const Scenario edited = panel.document()->scenario();
    const QString path = dir.filePath(QStringLiteral("edited.scenario.json"));
    QString error;
    QVERIFY2(panel.saveFile(path, &error), qPrintable(error));
    QVERIFY(panel.undoStack()->isClean());

    ScenarioPanel other(GpuCatalog::builtin(), {});
    QVERIFY2(other.openFile(path, &error), qPrintable(error));
    QVERIFY(other.document()->scenario() == edited);
    QCOMPARE(other.undoStack()->count(), 0);
    QCOMPARE(other.filePath(), path);

    const QString bad = dir.filePath(QStringLiteral("bad.scenario.json"));
    QFile f(bad);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "name": "x", "cluster": "a100-80:8x1", "model": "llama3-8b",
               "events": [{"at_s": 60, "kind": "leave", "nodes": [7]}]})");
    f.close();
    QVERIFY(!other.openFile(bad, &error));
    QVERIFY2(error.contains(QStringLiteral("bad.scenario.json")) && error.contains(QStringLiteral("events[0]")),
             qPrintable(error));
    QVERIFY(other.document()->scenario() == edited);  // the open scenario is untouched
  }

  // A scenario whose model is a file beside it: the box shows the file, and Play reads it from
  // the scenario's folder, not the test's working directory.
  void modelFileBesideTheScenarioIsShownAndPlayed() {
    QTemporaryDir dir;
    QVERIFY(QFile::copy(ARACHNE_TEST_DATA "/fuzz/model/llama3-8b.model.json", dir.filePath("mine.model.json")));
    const QString path = dir.filePath(QStringLiteral("beside.scenario.json"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(R"({"schema_version": 1, "cluster": "a6000:4x2", "model": "mine.model.json", "horizon_s": 600,
               "events": [{"at_s": 200, "kind": "fail", "nodes": [1]}]})");
    f.close();
    QVERIFY(!QFile::exists(QStringLiteral("mine.model.json")));
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    QString error;
    QVERIFY2(panel.openFile(path, &error), qPrintable(error));
    QCOMPARE(panel.modelBox()->currentText(), QStringLiteral("mine.model.json"));
    panel.setSelectedPlanners({QStringLiteral("greedy")});
    panel.setBudgetSeconds(1);
    QSignalSpy done(&panel, &ScenarioPanel::playFinished);
    panel.play();
    QVERIFY(done.count() == 1 || done.wait(60000));
    QCOMPARE(done.first().first().toBool(), true);
    QCOMPARE(panel.traces().size(), size_t(1));
  }

  void playFillsTheChartTheStepsAndThePlanDiff() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    panel.setSelectedPlanners({QStringLiteral("greedy")});
    panel.setBudgetSeconds(2);
    QSignalSpy done(&panel, &ScenarioPanel::playFinished);
    panel.play();
    QVERIFY(panel.isPlaying());
    QVERIFY(!panel.playAction()->isEnabled());
    QVERIFY(done.wait(60000));
    QCOMPARE(done.first().first().toBool(), true);
    QVERIFY(!panel.isPlaying());
    QCOMPARE(panel.traces().size(), size_t(1));
    const ScenarioTrace& t = panel.traces().front();
    QCOMPARE(t.steps.size(), size_t(5));  // the start and four joins
    QCOMPARE(panel.stepsModel()->rowCount(), 5);
    QCOMPARE(panel.chart()->graphCount(), 1);
    // Stalls are drawn: one band per stall piece, plus the event lines and labels.
    int stalls = 0;
    for (const ThroughputPiece& p : t.pieces) stalls += p.phase == PiecePhase::Stall;
    QVERIFY(stalls > 0);
    QCOMPARE(panel.chart()->itemCount(), stalls + 2 * 4);

    panel.selectStep(1);
    QVERIFY(panel.diffModel()->rowCount() > 0);
    QVERIFY(panel.diffLabel()->text().contains(QString::fromStdString(t.steps[1].reason)));
    panel.selectStep(-1);
    QCOMPARE(panel.diffModel()->rowCount(), 0);

    // An edit after the run: the old run is kept on screen but Play is needed again.
    panel.setHorizon(2000);
    QCOMPARE(panel.document()->scenario().horizon(), 2000.0);
    panel.undoStack()->undo();
    QCOMPARE(panel.document()->scenario().horizon(), 1500.0);
  }

  void stopEndsARunEarly() {
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    panel.setSelectedPlanners({QStringLiteral("random"), QStringLiteral("greedy")});
    panel.setBudgetSeconds(3);
    QSignalSpy done(&panel, &ScenarioPanel::playFinished);
    panel.play();
    panel.stop();
    QVERIFY(done.wait(60000));
    QCOMPARE(done.first().first().toBool(), false);
    QVERIFY(panel.traces().size() <= 1);
    QVERIFY(panel.playAction()->isEnabled());
  }
};

QTEST_MAIN(TestScenarioPanel)
#include "tst_gui_scenario_panel.moc"
