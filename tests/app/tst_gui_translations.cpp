// No English sentence of the core in a German or Chinese window after planning with the
// product's planner: every text the window shows (labels, tables, tooltips, the summary, the
// replay, the alternatives, the what-if editor and the Scenario dock after a run) is searched
// for the wordings of core/plan/texts.h, the link names and the cost-model item names.
#include <QAbstractButton>
#include <QAbstractItemView>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLocale>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>

#include "alternative_result.h"
#include "alternatives_model.h"
#include "catalog/gpu_catalog.h"
#include "core_planning_backend.h"
#include "language.h"
#include "main_window.h"
#include "model/model_catalog.h"
#include "plan/texts.h"
#include "plan_view.h"
#include "planner_panel.h"
#include "scenario_document.h"
#include "scenario_panel.h"
#include "scenario_steps_model.h"
#include "scenario_timeline_view.h"
#include "timeline_view.h"
#include "training_panel.h"

using namespace arachne;
using namespace arachne::gui;

namespace {
// The English fragments a core sentence shows between its values: runs of at least two words.
QStringList fragments() {
  QStringList out;
  for (const char* t : text::all()) {
    for (const QString& part : QString::fromUtf8(t).split(QRegularExpression(QStringLiteral("%[1-9]")))) {
      const QString p = part.trimmed();
      int words = 0;
      for (auto it = QRegularExpression(QStringLiteral("[A-Za-z]{2,}")).globalMatch(p); it.hasNext(); it.next()) ++words;
      if (words >= 2 && p.size() >= 8) out << p;
    }
  }
  // The core's words shown alone, and the cost model's item names.
  out << QString::fromUtf8(text::kOptimizer) << QString::fromUtf8(text::kActivations) << QString::fromUtf8(text::kGrads)
      << QStringLiteral("inter-node") << QStringLiteral("intra-node") << QStringLiteral("TP communication")
      << QStringLiteral("gradient sync") << QStringLiteral("optimizer step") << QStringLiteral("micro-batch");
  out.removeDuplicates();
  return out;
}

// Each English fragment found in `texts`, with the first text that holds it.
QStringList englishIn(const QStringList& texts) {
  QStringList english;
  for (const QString& f : fragments())
    for (const QString& t : texts)
      if (t.contains(f)) {
        english << QStringLiteral("\"%1\" in \"%2\"").arg(f, t.left(200));
        break;
      }
  return english;
}

QStringList allTexts(MainWindow& w) {
  QStringList out;
  for (auto* l : w.findChildren<QLabel*>()) out << l->text() << l->toolTip();
  for (auto* b : w.findChildren<QAbstractButton*>()) out << b->text() << b->toolTip();
  for (auto* e : w.findChildren<QPlainTextEdit*>()) out << e->toPlainText();
  for (auto* v : w.findChildren<QAbstractItemView*>()) {
    QAbstractItemModel* m = v->model();
    if (!m) continue;
    std::function<void(const QModelIndex&)> walk = [&](const QModelIndex& parent) {
      for (int r = 0; r < m->rowCount(parent); ++r)
        for (int c = 0; c < m->columnCount(parent); ++c) {
          const QModelIndex i = m->index(r, c, parent);
          out << i.data(Qt::DisplayRole).toString() << i.data(Qt::ToolTipRole).toString();
          if (c == 0) walk(i);
        }
      for (int c = 0; c < m->columnCount(parent); ++c) out << m->headerData(c, Qt::Horizontal).toString();
    };
    walk({});
  }
  for (auto* p : w.findChildren<PlanView*>())
    for (int t = 0; t < int(p->plan().templates.size()); ++t)
      for (int s = 0; s < p->plan().templates[size_t(t)].depth(); ++s) out << p->stageToolTip(t, s);
  for (auto* t : w.findChildren<TimelineView*>()) out << t->headerText();
  for (int i = 0; i < w.tabs()->count(); ++i) out << w.tabs()->tabText(i) << w.tabs()->tabToolTip(i);
  out << w.plannerPanel()->status();
  return out;
}
}  // namespace

class TestGuiTranslations : public QObject {
  Q_OBJECT
  CorePlanningBackend backend_;

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("ArachneTestLanguages"));
    QSettings().clear();
    QVERIFY(fragments().size() > 60);
  }

  void noEnglishCoreSentenceAfterPlanning_data() {
    QTest::addColumn<QString>("language");
    QTest::addColumn<QString>("cluster");
    QTest::addColumn<QString>("planner");
    QTest::newRow("de, unused GPUs") << "de" << "paper-3t-128" << "greedy";
    QTest::newRow("zh_CN, unused GPUs") << "zh_CN" << "paper-3t-128" << "greedy";
    QTest::newRow("de, no feasible plan") << "de" << "h100:1x1" << "greedy";
    QTest::newRow("zh_CN, no feasible plan") << "zh_CN" << "h100:1x1" << "greedy";
    // The baselines give their own reasons for the GPUs they leave out (Sailor: one DP degree per
    // stage; AMP: the batch is not divisible by the GPUs); Espresso's come from the explainer.
    const char* mixed = "h100:8x2,a6000:4x3+1x2";
    QTest::newRow("de, sailor's unused GPUs") << "de" << mixed << "sailor";
    QTest::newRow("zh_CN, sailor's unused GPUs") << "zh_CN" << mixed << "sailor";
    QTest::newRow("de, amp's unused GPUs") << "de" << mixed << "amp";
    QTest::newRow("zh_CN, amp's unused GPUs") << "zh_CN" << mixed << "amp";
    QTest::newRow("de, espresso's unused GPUs") << "de" << mixed << "espresso";
  }

  void noEnglishCoreSentenceAfterPlanning() {
    QFETCH(QString, language);
    QFETCH(QString, cluster);
    QFETCH(QString, planner);
    QVERIFY(Language::apply(language));
    MainWindow w(GpuCatalog::builtin(), backend_, nullptr, false);
    QVERIFY(w.loadCluster(cluster));
    QVERIFY(w.trainingPanel()->selectModel(cluster == "h100:1x1" ? QStringLiteral("llama3-70b") : QStringLiteral("llama3-8b")));
    QVERIFY(w.plannerPanel()->selectPlanner(planner));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(120000));
    // The baselines' rows are about their reasons: the plan leaves GPUs out and lists them.
    if (planner != QLatin1String("greedy")) {
      QVERIFY(w.result().has_value());
      QVERIFY(!w.result()->plan.unused_gpus.empty());
    }
    // Something of the core was shown: reasons (the why-dropped rows) at least.
    const QStringList texts = allTexts(w);
    QVERIFY(texts.join(QString()).size() > 2000);
    const QStringList english = englishIn(texts);
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral("\n"))));
    QVERIFY(Language::apply("en"));
  }

  // The comparison's rows: the six baselines' run messages (the reason column, the detail line
  // under the table) in the window's language (tst_reasons covers runs without a plan).
  void noEnglishInTheBaselinesComparison_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << "de";
    QTest::newRow("zh_CN") << "zh_CN";
  }

  void noEnglishInTheBaselinesComparison() {
    QFETCH(QString, language);
    QVERIFY(Language::apply(language));
    MainWindow w(GpuCatalog::builtin(), backend_, nullptr, false);
    QVERIFY(w.loadCluster(QStringLiteral("h100:8x2,a6000:4x3+1x2")));
    QVERIFY(w.trainingPanel()->selectModel(QStringLiteral("llama3-8b")));
    QVERIFY(w.plannerPanel()->selectPlanner(QStringLiteral("greedy")));
    QSignalSpy finished(&w, &MainWindow::planningFinished);
    w.startPlanning();
    QVERIFY(finished.wait(120000));
    auto* model = w.alternativesModel();
    for (const QString& p : model->selectedPlanners()) model->setSelected(p, false);
    const QStringList baselines{"metis", "sailor", "amp", "hexiscale", "espresso", "hetauto"};
    for (const QString& p : baselines) model->setSelected(p, true);
    QCOMPARE(model->selectedPlanners().size(), baselines.size());
    w.findChild<QDoubleSpinBox*>(QStringLiteral("compareBudget"))->setValue(0.5);
    QSignalSpy compared(&w, &MainWindow::comparisonFinished);
    w.comparePlanners();
    QVERIFY(compared.wait(120000));
    QStringList notes;
    for (const QString& p : baselines) {
      const AlternativeResult* r = model->result(p);
      QVERIFY2(r, qPrintable(p));
      notes << r->note;
    }
    const QStringList english = englishIn(allTexts(w) + notes);
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral("\n"))));
    QVERIFY(Language::apply("en"));
  }

  // The Scenario dock after playing spot-a100 (leaves and failures of GPUs the plan uses):
  // every step's event, decision and reason (cells, tooltips, the detail line with the stall's
  // bottleneck) and the timeline's labels. The detail line read "changed: the running plan used
  // GPUs that are gone, …; the new plan runs at 33.962 seq/s after a 14.2 s stall" and the
  // events "- spot-1 (leaves)" in German: the core built them as English strings.
  void noEnglishInTheScenarioDock_data() {
    QTest::addColumn<QString>("language");
    QTest::newRow("de") << "de";
    QTest::newRow("zh_CN") << "zh_CN";
  }

  void noEnglishInTheScenarioDock() {
    QFETCH(QString, language);
    QVERIFY(Language::apply(language));
    ScenarioPanel panel(GpuCatalog::builtin(), {});
    QVERIFY(panel.openScenario(QStringLiteral("spot-a100")));
    panel.setSelectedPlanners({QStringLiteral("greedy")});
    QSignalSpy finished(&panel, &ScenarioPanel::playFinished);
    panel.play();
    QVERIFY(finished.wait(120000));
    QVERIFY(finished.at(0).at(0).toBool());
    const ScenarioStepsModel* steps = panel.stepsModel();
    QStringList texts;
    int forced = 0;
    for (int r = 0; r < steps->rowCount(); ++r) {
      for (int c = 0; c < steps->columnCount(); ++c)
        texts << steps->index(r, c).data().toString() << steps->index(r, c).data(Qt::ToolTipRole).toString();
      panel.selectStep(r);
      const QString detail = panel.diffLabel()->text();
      texts << detail;
      const ScenarioStep* s = steps->stepAt(r);
      if (s->decision != StepDecision::Forced) continue;
      ++forced;
      // The new plan's throughput and the stall in the locale's format ("33,962", "14,2").
      for (const QString& n : {QLocale().toString(s->after_sequences_per_s, 'f', 3), QLocale().toString(s->stall_s, 'f', 1)})
        QVERIFY2(detail.contains(n), qPrintable(n + QStringLiteral(" not in: ") + detail));
    }
    QVERIFY(forced > 0);
    const Scenario& scenario = panel.document()->scenario();
    for (const ScenarioEvent& e : scenario.events) texts << shortEventLabel(scenario, e);
    QStringList english = englishIn(texts);
    for (const QString& word : {QStringLiteral("(leaves)"), QStringLiteral("(fails)"), QStringLiteral("nothing moves")})
      for (const QString& t : texts)
        if (t.contains(word)) english << QStringLiteral("\"%1\" in \"%2\"").arg(word, t.left(200));
    QVERIFY2(english.isEmpty(), qPrintable(english.join(QStringLiteral("\n"))));
    // Back to English at run time: the detail line follows, and the run is still the one shown
    // (the switch used to mark it stale: "The scenario changed: play it again…").
    QVERIFY(Language::apply("en"));
    const ScenarioStep* last = steps->stepAt(steps->rowCount() - 1);
    QVERIFY2(panel.diffLabel()->text().contains(QString::fromStdString(last->reason)), qPrintable(panel.diffLabel()->text()));
    for (auto* l : panel.findChildren<QLabel*>())
      QVERIFY2(!l->text().startsWith(QStringLiteral("The scenario changed")), qPrintable(l->text()));
  }

  // A stage block in German: the nodes joined with ", " (a bare comma read "Knoten 0,2" as 0.2)
  // and every line within the block, none cut with an ellipsis ("Schichten 12–23 · MB 1" was
  // drawn as "Schichten 12–23 · M…": the micro-batch takes its own line when it does not fit).
  void planViewBlockInGerman() {
    QVERIFY(Language::apply("de"));
    const Model m = resolveModel("llama3-8b");
    Plan plan;
    Template t;
    t.replicas = 2;
    t.micro_batch = 1;
    t.stages = {Stage{"h100", 4, 0, 11, {0, 0, 0, 0, 2, 2, 2, 2}, std::nullopt},
                Stage{"h100", 4, 12, 23, {5, 5, 5, 5, 5, 5, 5, 5}, std::nullopt}};
    plan.templates = {t};
    PlanView view(GpuCatalog::builtin());
    view.setPlan(plan, std::nullopt, m);
    const QFontMetrics fm = view.fontMetrics();
    const int width = view.blockTextWidth();
    for (int s = 0; s < 2; ++s) {
      const QStringList lines = view.blockTextLines(0, s, fm, width);
      // The first line is drawn bold; the others must fit in the regular font.
      for (int n = 1; n < lines.size(); ++n)
        QVERIFY2(fm.horizontalAdvance(lines[n]) <= width, qPrintable(lines[n]));
      QVERIFY2(lines.join('\n').contains(QStringLiteral("MB 1")), qPrintable(lines.join('|')));
      QVERIFY2(lines.join('\n').contains(s == 0 ? QStringLiteral("Knoten 0, 2") : QStringLiteral("Knoten 5")),
               qPrintable(lines.join('|')));
    }
    QVERIFY(Language::apply("en"));
  }
};

QTEST_MAIN(TestGuiTranslations)
#include "tst_gui_translations.moc"
