// The CLI's option parser and text formatting: strict errors and stable number formats.
#include <QtTest>

#include "args.h"
#include "table.h"

using namespace arachne::cli;

namespace {

CommandSpec spec() {
  return {"evaluate", "price a plan", "",
          {{"--cluster", "SPEC", "the cluster", true},
           {"--plan", "FILE", "the plan", true},
           {"--json", "", "JSON output", false}}};
}

QString usageError(const std::vector<std::string>& args) {
  try {
    parseArgs(spec(), args);
  } catch (const UsageError& e) {
    return QString::fromStdString(e.what());
  }
  return {};
}

}  // namespace

class TstCliArgs : public QObject {
  Q_OBJECT
 private slots:
  void parsesValuesAndFlags() {
    const ParsedArgs a = parseArgs(spec(), {"--cluster", "h100:4x2", "--plan=x.plan.json", "--json"});
    QCOMPARE(*a.value("--cluster"), std::string("h100:4x2"));
    QCOMPARE(*a.value("--plan"), std::string("x.plan.json"));
    QVERIFY(a.has("--json"));
    QVERIFY(!a.help());
    // A value may start with a single dash (a negative number reaches the range check).
    QCOMPARE(*parseArgs(spec(), {"--cluster", "-1", "--plan", "p"}).value("--cluster"), std::string("-1"));
  }
  void helpSkipsRequired() {
    QVERIFY(parseArgs(spec(), {"--help"}).help());
    QVERIFY(parseArgs(spec(), {"-h"}).help());
    const std::string h = helpText(spec());
    QVERIFY(h.find("usage: arachne-cli evaluate --cluster SPEC --plan FILE [--json]") == 0);
    QVERIFY(h.find("-h, --help") != std::string::npos);
  }
  void errors() {
    QVERIFY(usageError({"--cluster", "c", "--plan", "p", "--nope"}).contains("unknown option '--nope'"));
    QVERIFY(usageError({"--plan", "p", "--cluster"}).contains("'--cluster' needs a value (SPEC)"));
    QVERIFY(usageError({"--cluster", "--plan", "p"}).contains("'--cluster' needs a value"));
    QVERIFY(usageError({"--cluster=", "--plan", "p"}).contains("non-empty"));
    QVERIFY(usageError({"--plan", "p"}).contains("missing required option '--cluster SPEC'"));
    QVERIFY(usageError({"--cluster", "a", "--cluster", "b", "--plan", "p"}).contains("given twice"));
    QVERIFY(usageError({"--cluster", "a", "--plan", "p", "--json=1"}).contains("takes no value"));
    QVERIFY(usageError({"stray", "--cluster", "a", "--plan", "p"}).contains("unexpected argument 'stray'"));
    QVERIFY(usageError({"--", "--cluster", "a", "--plan", "p"}).contains("unexpected argument '--'"));
  }
  void numbers() {
    QCOMPARE(parseIntOption("--n", "42", 1, 100), 42);
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "0", 1, 100));
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "101", 1, 100));
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "4k", 1, 100));
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "", 1, 100));
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "99999999999999999999999", 1, 100));
    QVERIFY_THROWS_EXCEPTION(UsageError, parseIntOption("--n", "1.5", 1, 100));
    QCOMPARE(parseOnOff("--c", "on"), true);
    QCOMPARE(parseOnOff("--c", "off"), false);
    QVERIFY_THROWS_EXCEPTION(UsageError, parseOnOff("--c", "maybe"));
  }
  void lists() {
    QCOMPARE(parseListOption("--l", "a"), (std::vector<std::string>{"a"}));
    QCOMPARE(parseListOption("--l", "a,b:2x4,c"), (std::vector<std::string>{"a", "b:2x4", "c"}));
    // An empty item is a typo that would silently drop an entry: refused, with the text quoted.
    for (const char* bad : {"a,,b", "a,", ",a", ","}) {
      try {
        parseListOption("--l", bad);
        QFAIL(bad);
      } catch (const UsageError& e) {
        QVERIFY2(std::string(e.what()) == std::string("option '--l' has an empty item in '") + bad + "'", e.what());
      }
    }
    try {
      parseListOption("--l", "");
      QFAIL("empty list accepted");
    } catch (const UsageError& e) {
      QCOMPARE(std::string(e.what()), std::string("option '--l' needs at least one item"));
    }
  }
  void formatting() {
    QCOMPARE(fixed(1.23456, 2), std::string("1.23"));
    QCOMPARE(fixed(-0.0001, 2), std::string("0.00"));
    QCOMPARE(fixed(std::nan(""), 2), std::string("-"));
    QCOMPARE(grouped(1234567.8), std::string("1,234,568"));
    QCOMPARE(grouped(-1234.5, 1), std::string("-1,234.5"));
    QCOMPARE(grouped(999), std::string("999"));
    QCOMPARE(gib(80.0 * 1024 * 1024 * 1024), std::string("80.00"));
    QCOMPARE(idList({0, 1, 2, 3, 8}), std::string("0-3,8"));
    QCOMPARE(idList({2, 2}), std::string("2,2"));
    QCOMPARE(idList({4, 5}), std::string("4,5"));
    QCOMPARE(idList({}), std::string(""));
  }
  void tableAligns() {
    TextTable t({"id", "GiB"});
    t.setAlign(1, TextTable::Align::Right);
    t.addRow({"h100", "80.00"});
    t.addRow({"l4", "22.49"});
    QCOMPARE(t.render(), std::string("id      GiB\n----  -----\nh100  80.00\nl4    22.49\n"));
  }
};

QTEST_GUILESS_MAIN(TstCliArgs)
#include "tst_cli_args.moc"
