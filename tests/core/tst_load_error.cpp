// LoadError names the file, the field and the problem in one message.
#include <QtTest>

#include "io/load_error.h"

class TstLoadError : public QObject {
  Q_OBJECT
 private slots:
  void messageNamesFileFieldProblem() {
    arachne::LoadError e("x.cluster.json", "nodes[2].gpus", "must be positive, got -3");
    QCOMPARE(QString::fromStdString(e.what()),
             QStringLiteral("x.cluster.json: field 'nodes[2].gpus': must be positive, got -3"));
    QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("nodes[2].gpus"));
  }
  void messageWithoutField() {
    arachne::LoadError e("<inline cluster spec>", "", "empty");
    QCOMPARE(QString::fromStdString(e.what()), QStringLiteral("<inline cluster spec>: empty"));
  }
};

QTEST_GUILESS_MAIN(TstLoadError)
#include "tst_load_error.moc"
