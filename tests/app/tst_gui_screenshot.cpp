// Runs the real arachne executable: --screenshot writes a PNG of the window's size that is not
// blank, after planning with the product's greedy planner; bad options fail with a message; and
// without a display it prints its help, refuses the window with a message and still draws.
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class TestGuiScreenshot : public QObject {
  Q_OBJECT

  static int run(const QStringList& args, QByteArray* err = nullptr) {
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    env.insert("XDG_CONFIG_HOME", QDir::tempPath() + "/arachne-screenshot-test-config");
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(ARACHNE_GUI_EXE), args);
    if (!p.waitForFinished(120000)) return -1;
    if (err) *err = p.readAllStandardError();
    return p.exitCode();
  }

 private slots:
  void screenshotAfterPlanning() {
    QTemporaryDir dir;
    const QString file = dir.filePath("plan.png");
    QCOMPARE(run({"--screenshot", file, "--cluster", "paper-2t-64", "--model", "llama3-8b",
                  "--planner", "greedy", "--budget", "5", "--plan", "--tab", "memory"}), 0);
    QImage image(file);
    QVERIFY(!image.isNull());
    QCOMPARE(image.size(), QSize(1400, 900));
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 5)
      for (int x = 0; x < image.width(); x += 5) colours.insert(image.pixel(x, y));
    QVERIFY2(colours.size() > 30, qPrintable(QString::number(colours.size())));
  }

  // --size sets the window's size, so a picture shows what a smaller screen shows: 1,024 x 700
  // in German on the what-if editor (the window kept 1,400 x 900 for every picture); a size that
  // is not WIDTHxHEIGHT, or smaller than 640 x 480, is a bad option.
  void sizeSetsTheWindow() {
    QTemporaryDir dir;
    const QString file = dir.filePath("small.png");
    QCOMPARE(run({"--screenshot", file, "--size", "1024x700", "--lang", "de", "--cluster", "paper-2t-64", "--model",
                  "llama3-8b", "--planner", "greedy", "--budget", "2", "--plan", "--tab", "whatif"}), 0);
    QCOMPARE(QImage(file).size(), QSize(1024, 700));
    QByteArray err;
    for (const char* bad : {"big", "1024x", "320x200"}) {
      QCOMPARE(run({"--screenshot", file, "--size", bad}, &err), 2);
      QVERIFY2(err.contains("--size needs WIDTHxHEIGHT of at least 640x480"), err.constData());
    }
  }

  // No DISPLAY, WAYLAND_DISPLAY or QT_QPA_PLATFORM: Qt's xcb platform used to abort the process
  // (even for --help). Now --help and --version print, the window is refused with a message and
  // exit 1, and --screenshot picks the offscreen platform itself.
  void startsWithoutADisplay() {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove("DISPLAY");
    env.remove("WAYLAND_DISPLAY");
    env.remove("QT_QPA_PLATFORM");
    env.insert("XDG_CONFIG_HOME", QDir::tempPath() + "/arachne-screenshot-test-config");
    QByteArray out, err;
    const auto bare = [&env, &out, &err](const QStringList& args) {
      QProcess p;
      p.setProcessEnvironment(env);
      p.start(QStringLiteral(ARACHNE_GUI_EXE), args);
      if (!p.waitForFinished(120000)) return -1;
      out = p.readAllStandardOutput();
      err = p.readAllStandardError();
      return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;  // -2: it crashed
    };
    QCOMPARE(bare({"--help"}), 0);
    QVERIFY2(out.contains("--screenshot"), out.constData());
    QCOMPARE(bare({"--version"}), 0);
    QVERIFY2(out.contains("Arachne Plan Explorer"), out.constData());
    QCOMPARE(bare({}), 1);
    QVERIFY2(err.contains("no display to open the window on"), err.constData());
    QTemporaryDir dir;
    const QString file = dir.filePath("bare.png");
    QCOMPARE(bare({"--screenshot", file, "--cluster", "paper-2t-64", "--model", "llama3-8b"}), 0);
    QCOMPARE(QImage(file).size(), QSize(1400, 900));
  }

  void badOptionsFail() {
    QByteArray err;
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--lang", "xx"}, &err), 2);
    QVERIFY(err.contains("unknown language"));
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--cluster", "nosuchgpu:4x1"}, &err), 1);
    QVERIFY(err.contains("nosuchgpu"));
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--planner", "nosuch"}, &err), 2);
    QVERIFY(err.contains("unknown planner"));
    // An unknown tab is a bad option too (it used to print a message and exit 0).
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--tab", "foo"}, &err), 2);
    QVERIFY(err.contains("unknown tab 'foo'"));
    // A tab with nothing to show (no plan yet) is not selected; the picture shows the plan tab.
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--tab", "whatif"}, &err), 0);
    QVERIFY2(err.contains("tab 'whatif' has nothing to show for this plan (it is disabled); showing 'plan'"), err.constData());
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--precision", "fp4"}, &err), 2);
    QVERIFY2(err.contains("--precision needs bf16, fp16, fp32 or fp8 (not 'fp4')"), err.constData());
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--precision", "fp8"}, &err), 0);
    // The training fields' ranges: a larger batch used to be clamped by the field without a word.
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--global-batch", "200000000"}, &err), 2);
    QVERIFY2(err.contains("--global-batch needs a number of sequences from 1 to 100000000 (not '200000000')"), err.constData());
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--seq-len", "0"}, &err), 2);
    QVERIFY2(err.contains("--seq-len needs a number of tokens from 1 to 10000000 (not '0')"), err.constData());
    QCOMPARE(run({"--screenshot", "/tmp/x.png", "--checkpointing", "yes"}, &err), 2);
    QVERIFY2(err.contains("--checkpointing needs on or off (not 'yes')"), err.constData());
  }

  // --seq-len and --checkpointing reach the training spec the plan is made with: 512k tokens per
  // sequence on 16 H100s has no plan without checkpointing and one with it.
  void sequenceLengthAndCheckpointingApply() {
    QTemporaryDir dir;
    const QString file = dir.filePath("long.png");
    const QStringList base{"--screenshot", file, "--cluster", "h100:8x2", "--model", "llama3-8b", "--seq-len",
                           "524288", "--planner", "greedy", "--plan"};
    QByteArray err;
    QCOMPARE(run(base + QStringList{"--checkpointing", "off"}, &err), 0);
    QVERIFY2(err.contains("planning failed"), err.constData());
    QCOMPARE(run(base + QStringList{"--checkpointing", "on"}, &err), 0);
    QVERIFY2(!err.contains("planning failed"), err.constData());
    QVERIFY(QFileInfo(file).size() > 0);
  }

  // --compare with a planner the registry does not have used to run the others and exit 0, and
  // --compare or --whatif without --plan were dropped without a word: now each is a bad option,
  // refused before any planning (no picture), and a list of known planners still runs.
  void compareAndWhatIfAreChecked() {
    QTemporaryDir dir;
    const QString file = dir.filePath("s.png");
    const QStringList problem{"--screenshot", file, "--cluster", "h100:4x2", "--model", "llama3-8b", "--budget", "1"};
    QByteArray err;
    QCOMPARE(run(problem + QStringList{"--plan", "--planner", "greedy", "--compare", "nosuch,random", "--tab", "alternatives"}, &err), 2);
    QVERIFY2(err.contains("unknown planner 'nosuch' in --compare (known: ") && err.contains("random"), err.constData());
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(run(problem + QStringList{"--plan", "--compare", ","}, &err), 2);
    QVERIFY2(err.contains("--compare needs a comma list of planners or 'all'"), err.constData());
    QCOMPARE(run(problem + QStringList{"--compare", "random"}, &err), 2);
    QVERIFY2(err.contains("--compare needs --plan"), err.constData());
    QCOMPARE(run(problem + QStringList{"--whatif", "replicas:1:1"}, &err), 2);
    QVERIFY2(err.contains("--whatif needs --plan"), err.constData());
    QVERIFY(!QFileInfo::exists(file));
    QCOMPARE(run(problem + QStringList{"--plan", "--planner", "greedy", "--compare", "random", "--tab", "alternatives"}, &err), 0);
    QVERIFY(QFileInfo::exists(file));
  }

  // A --whatif out of the editor's range used to say "changes nothing in this plan" whatever
  // was wrong; the message names the rule (the session's words, tst_gui_what_if checks each).
  void whatIfNamesWhatIsWrong() {
    QTemporaryDir dir;
    const QStringList problem{"--screenshot", dir.filePath("s.png"), "--cluster", "h100:4x2", "--model", "llama3-8b",
                              "--planner", "greedy", "--budget", "1", "--plan"};
    QByteArray err;
    QCOMPARE(run(problem + QStringList{"--whatif", "tp:9:1:2"}, &err), 2);
    QVERIFY2(err.contains("arachne: --whatif tp:9:1:2: template 9 does not exist: the plan has 1 template"), err.constData());
    QCOMPARE(run(problem + QStringList{"--whatif", "tp:1:1:8"}, &err), 2);
    QVERIFY2(err.contains("TP 8 is not offered for stage 1 of template 1: the largest h100 node has 4 GPUs"), err.constData());
    QVERIFY(!err.contains("changes nothing"));
    QCOMPARE(run(problem + QStringList{"--whatif", "replicas:1:1", "--tab", "whatif"}, &err), 0);
  }
};

QTEST_GUILESS_MAIN(TestGuiScreenshot)
#include "tst_gui_screenshot.moc"
