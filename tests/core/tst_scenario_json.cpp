// Scenario files: the presets, round trips, and malformed, out-of-order and contradictory
// events, each refused with the file, the field and the problem.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "scenario/scenario_json.h"

using namespace arachne;
namespace fs = std::filesystem;

namespace {

const GpuCatalog& catalog() { return GpuCatalog::builtin(); }

// A valid scenario around which each malformed case changes one thing.
std::string base(const std::string& events, const std::string& extra = "") {
  return R"({"schema_version": 1, "name": "t", "cluster": "a6000:4x2", "model": "llama3-8b")" + extra +
         R"(, "events": [)" + events + "]}";
}

struct Refusal {
  std::string file, field, problem;
};

Refusal refusal(const std::string& text) {
  try {
    parseScenarioJson(text, "bad.scenario.json", catalog());
  } catch (const LoadError& e) {
    return {e.file(), e.field(), e.problem()};
  }
  return {"", "", "accepted"};
}

}  // namespace

class TestScenarioJson : public QObject {
  Q_OBJECT

 private slots:
  void paperGrowthPresetFollowsTheGrowthPresets() {
    const Scenario s = loadScenarioPreset("paper-growth", catalog());
    QCOMPARE(s.events.size(), size_t(4));
    QCOMPARE(s.horizon(), 1500.0);
    const char* steps[] = {"paper-growth-3", "paper-growth-7", "paper-growth-11", "paper-growth-15", "paper-growth-19"};
    for (size_t i = 0; i < 5; ++i) {
      const Composition expected = loadPreset(steps[i], catalog());
      const Composition got = s.compositionAfter(i);
      QCOMPARE(got.nodes().size(), expected.nodes().size());
      for (size_t k = 0; k < got.nodes().size(); ++k) {
        QCOMPARE(got.nodes()[k].id, expected.nodes()[k].id);
        QCOMPARE(got.nodes()[k].gpu_type, expected.nodes()[k].gpu_type);
        QCOMPARE(got.nodes()[k].gpus, expected.nodes()[k].gpus);
      }
      if (i > 0) QCOMPARE(s.events[i - 1].at_s, 300.0 * double(i));
    }
  }

  void everyPresetLoadsAndRoundTrips() {
    const auto names = scenarioPresetNames();
    QVERIFY(names.size() >= 3);
    for (const char* required : {"paper-growth", "spot-a100", "h100-purchase"})
      QVERIFY2(std::find(names.begin(), names.end(), required) != names.end(), required);
    for (const auto& n : names) {
      const Scenario s = loadScenarioPreset(n, catalog());
      QVERIFY2(validateScenario(s).empty(), n.c_str());
      const Scenario back = parseScenarioJson(scenarioToJson(s), "round-trip", catalog());
      QVERIFY2(back == s, n.c_str());
    }
  }

  void spotPresetHasLeavesFailuresAndJoins() {
    const Scenario s = loadScenarioPreset("spot-a100", catalog());
    int joins = 0, leaves = 0, fails = 0;
    for (const auto& e : s.events) {
      joins += e.kind == ScenarioEventKind::Join;
      leaves += e.kind == ScenarioEventKind::Leave;
      fails += e.kind == ScenarioEventKind::Fail;
    }
    QVERIFY(joins >= 1 && leaves >= 1 && fails >= 1);
    // Names resolve to the ids of the starting cluster: spot-1 is node 2.
    QCOMPARE(s.events[0].node_ids, std::vector<int>{2});
    QCOMPARE(s.compositionAfter(1).totalGpus(), 40);
  }

  void embeddedClusterAndNamesRoundTrip() {
    Scenario s;
    s.name = "hand";
    s.start = parseInlineCluster("h100:8x1,a100-80:8x1", catalog());
    s.node_names[0] = "first";
    s.model = "llama3-8b";
    s.training.global_batch = 256;
    s.horizon_s = 900;
    s.reconfiguration.planner_s = 1.5;
    s.reconfiguration.checkpoint_interval_s = 0;
    ScenarioEvent join;
    join.at_s = 100;
    join.kind = ScenarioEventKind::Join;
    // A joining node's own network (rate, rails, fabric) must survive the round trip.
    join.nodes.push_back({s.nextNodeId(), "a6000", 4, 12.5, 2, Fabric::InfiniBand});
    s.node_names[join.nodes[0].id] = "late";
    s.events.push_back(join);
    ScenarioEvent fail;
    fail.at_s = 400;
    fail.kind = ScenarioEventKind::Fail;
    fail.node_ids = {0, join.nodes[0].id};
    fail.note = "power";
    s.events.push_back(fail);
    QVERIFY(validateScenario(s).empty());
    const std::string text = scenarioToJson(s);
    QVERIFY(text.find("\"schema_version\"") < 40);  // file-kind sniffing reads the head
    QVERIFY(text.find("\"late\"") != std::string::npos);
    QVERIFY(text.find("\"inter_node_fabric\": \"infiniband\"") != std::string::npos);
    const Scenario back = parseScenarioJson(text, "x", catalog());
    QVERIFY(back == s);
  }

  void saveIsAtomicAndReadsBack() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("a.scenario.json").toStdString();
    Scenario s = loadScenarioPreset("paper-growth", catalog());
    saveScenarioFile(s, path);
    const Scenario back = loadScenarioFile(path, catalog());
    QVERIFY(back == s);
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir.path().toStdString())) {
      (void)e;
      ++files;
    }
    QCOMPARE(files, 1);  // no temporary file left behind
    // A directory that does not exist: refused with the path, and nothing created.
    try {
      saveScenarioFile(s, dir.filePath("missing/a.scenario.json").toStdString());
      QFAIL("saved into a missing directory");
    } catch (const LoadError& e) {
      QVERIFY(e.file().find("missing") != std::string::npos);
    }
    // The loaders' one reader (readInputFile): its input limit applies to scenarios too (they had
    // a reader of their own that ignored ARACHNE_MAX_INPUT_BYTES), and a directory is named as one.
    qputenv("ARACHNE_MAX_INPUT_BYTES", "100");
    try {
      loadScenarioFile(path, catalog());
      qunsetenv("ARACHNE_MAX_INPUT_BYTES");
      QFAIL("read a scenario file above the input limit");
    } catch (const LoadError& e) {
      qunsetenv("ARACHNE_MAX_INPUT_BYTES");
      QVERIFY2(e.problem().find("input limit of 100 bytes") != std::string::npos, e.problem().c_str());
    }
    try {
      loadScenarioFile(dir.path().toStdString(), catalog());
      QFAIL("read a directory");
    } catch (const LoadError& e) {
      QVERIFY2(e.problem().find("directory") != std::string::npos, e.problem().c_str());
    }
  }

  void relativeClusterFileIsTakenFromTheScenarioDirectory() {
    QTemporaryDir dir;
    {
      std::ofstream c(dir.filePath("start.cluster.json").toStdString());
      c << R"({"schema_version": 1, "nodes": [{"gpu_type": "a6000", "gpus": 4, "count": 2}]})";
      std::ofstream s(dir.filePath("x.scenario.json").toStdString());
      s << R"({"schema_version": 1, "cluster": "start.cluster.json", "model": "llama3-8b", "events": []})";
    }
    const Scenario s = loadScenarioFile(dir.filePath("x.scenario.json").toStdString(), catalog());
    QCOMPARE(s.start.totalGpus(), 8);
    QCOMPARE(s.name, std::string("x"));
  }

  // A model file named by a relative path is found beside the scenario, as its cluster file is,
  // from whatever folder the command runs in.
  void relativeModelFileIsTakenFromTheScenarioDirectory() {
    QTemporaryDir dir;
    std::filesystem::copy_file(ARACHNE_TEST_DATA "/fuzz/model/mixtral-8x7b.model.json",
                               dir.filePath("my.model.json").toStdString());
    const std::string scenarioFile = dir.filePath("x.scenario.json").toStdString();
    {
      std::ofstream s(scenarioFile);
      s << R"({"schema_version": 1, "cluster": "h100:8x2", "model": "my.model.json", "events": []})";
    }
    const Scenario s = loadScenarioFile(scenarioFile, catalog());
    QVERIFY(!std::filesystem::exists(s.model));  // not in the test's working directory
    QCOMPARE(resolveScenarioModel(s.model, scenarioFile).id, std::string("mixtral-8x7b"));
    // A catalog id stays an id; without a scenario file the working directory is the only place.
    QCOMPARE(resolveScenarioModel("llama3-8b", scenarioFile).id, std::string("llama3-8b"));
    QVERIFY_THROWS_EXCEPTION(LoadError, resolveScenarioModel(s.model, ""));
    try {
      resolveScenarioModel("absent.model.json", scenarioFile);
      QFAIL("an absent model file was accepted");
    } catch (const LoadError& e) {
      const std::string problem = e.problem();
      QVERIFY2(problem.find("looked beside the scenario (" + dir.filePath("absent.model.json").toStdString() + ")") != std::string::npos,
               problem.c_str());
    }
  }

  void malformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("problem");
    auto row = [](const char* name, const std::string& text, const char* field, const char* problem) {
      QTest::newRow(name) << QString::fromStdString(text) << field << problem;
    };
    row("not json", "{\"schema_version\": 1,", "", "JSON");
    row("no version", R"({"cluster": "a6000:4x1", "model": "llama3-8b", "events": []})", "schema_version", "missing");
    row("future version", R"({"schema_version": 7, "cluster": "a6000:4x1", "model": "llama3-8b", "events": []})",
        "schema_version", "unsupported version 7");
    row("unknown field", base("", R"(, "horizon": 10)"), "horizon", "unknown field");
    row("no cluster", R"({"schema_version": 1, "model": "llama3-8b", "events": []})", "cluster", "missing");
    row("bad cluster spec", R"({"schema_version": 1, "cluster": "zz9:4x2", "model": "llama3-8b", "events": []})", "cluster", "zz9");
    row("embedded cluster field", R"({"schema_version": 1, "cluster": {"schema_version": 1, "nodes": [{"gpu_type": "a6000", "gpus": 0}]}, "model": "llama3-8b", "events": []})",
        "cluster.nodes[0].gpus", "between");
    row("no model", R"({"schema_version": 1, "cluster": "a6000:4x1", "events": []})", "model", "missing");
    row("bad precision", base("", R"(, "training": {"precision": "int4"})"), "training.precision", "int4");
    row("negative stall", base("", R"(, "reconfiguration": {"release_s": -1})"), "reconfiguration.release_s", "between");
    row("events not an array", R"({"schema_version": 1, "cluster": "a6000:4x1", "model": "llama3-8b", "events": {}})", "events", "array");
    row("bad kind", base(R"({"at_s": 10, "kind": "explode", "nodes": [0]})"), "events[0].kind", "explode");
    row("time at zero", base(R"({"at_s": 0, "kind": "leave", "nodes": [0]})"), "events[0].at_s", "after the start");
    row("time as text", base(R"({"at_s": "soon", "kind": "leave", "nodes": [0]})"), "events[0].at_s", "number");
    row("empty nodes", base(R"({"at_s": 10, "kind": "leave", "nodes": []})"), "events[0].nodes", "at least one node");
    row("unknown gpu", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "b9000", "gpus": 4}]})"),
        "events[0].nodes[0].gpu_type", "b9000");
    row("zero gpus", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 0}]})"),
        "events[0].nodes[0].gpus", "between");
    row("bad fabric", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "inter_node_fabric": "myrinet"}]})"),
        "events[0].nodes[0].inter_node_fabric", "must be one of");
    row("zero rails", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "inter_node_nics": 0}]})"),
        "events[0].nodes[0].inter_node_nics", "between");
    row("out of order", base(R"({"at_s": 600, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4}]},
                               {"at_s": 300, "kind": "leave", "nodes": [0]})"),
        "events[1].at_s", "time order");
    row("leave of a node that never joined", base(R"({"at_s": 10, "kind": "leave", "nodes": [7]})"),
        "events[0].nodes[0]", "never joined");
    row("leave twice", base(R"({"at_s": 10, "kind": "leave", "nodes": [1]}, {"at_s": 20, "kind": "fail", "nodes": [1]})"),
        "events[1].nodes[0]", "already left at events[0]");
    row("leave before its join", base(R"({"at_s": 10, "kind": "leave", "nodes": ["late"]},
                                        {"at_s": 20, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "name": "late"}]})"),
        "events[0].nodes[0]", "has not joined yet");
    row("same node twice", base(R"({"at_s": 10, "kind": "leave", "nodes": [0, 0]})"), "events[0].nodes[1]", "twice");
    row("unknown name", base(R"({"at_s": 10, "kind": "leave", "nodes": ["ghost"]})"), "events[0].nodes[0]", "ghost");
    row("bad reference", base(R"({"at_s": 10, "kind": "leave", "nodes": [1.5]})"), "events[0].nodes[0]", "node id");
    row("nothing left", base(R"({"at_s": 10, "kind": "leave", "nodes": [0, 1]})"), "events[0].nodes", "no GPU is left");
    row("reused id", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "id": 1}]})"),
        "events[0].nodes[0].id", "already used");
    row("name clash", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "name": "n"}]},
                             {"at_s": 20, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "name": "n"}]})"),
        "events[1].nodes[0].name", "already given");
    row("name for several", base(R"({"at_s": 10, "kind": "join", "nodes": [{"gpu_type": "a6000", "gpus": 4, "count": 2, "name": "n"}]})"),
        "events[0].nodes[0].name", "count is 2");
    row("event after horizon", base(R"({"at_s": 1000, "kind": "leave", "nodes": [0]})", R"(, "horizon_s": 500)"),
        "events[0].at_s", "horizon");
    row("name of a missing start node", base("", R"(, "node_names": {"5": "x"})"), "node_names.5", "not the id");
  }

  void malformed() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    QFETCH(QString, problem);
    const Refusal r = refusal(text.toStdString());
    QCOMPARE(QString::fromStdString(r.file), QStringLiteral("bad.scenario.json"));
    QCOMPARE(QString::fromStdString(r.field), field);
    QVERIFY2(QString::fromStdString(r.problem).contains(problem, Qt::CaseInsensitive), r.problem.c_str());
  }

  void validateListsEveryProblem() {
    // The explorer edits a scenario into contradictions and lists them all.
    Scenario s = loadScenarioPreset("paper-growth", catalog());
    ScenarioEvent leave;
    leave.at_s = 100;
    leave.kind = ScenarioEventKind::Leave;
    leave.node_ids = {3};  // joins at 900 s
    s.events.insert(s.events.begin(), leave);
    ScenarioEvent again = leave;
    again.at_s = 50;  // before the previous event
    again.node_ids = {9};
    s.events.insert(s.events.begin() + 1, again);
    const auto problems = validateScenario(s);
    QCOMPARE(problems.size(), size_t(3));
    QCOMPARE(problems[0].field, std::string("events[0].nodes[0]"));
    QVERIFY(problems[0].problem.find("has not joined yet") != std::string::npos);
    QCOMPARE(problems[1].field, std::string("events[1].at_s"));
    QCOMPARE(problems[2].field, std::string("events[1].nodes[0]"));
  }

  void resolveNamesPresetsAndFiles() {
    QCOMPARE(resolveScenario("paper-growth", catalog()).name, std::string("paper-growth"));
    try {
      resolveScenario("no-such-thing", catalog());
      QFAIL("resolved an unknown name");
    } catch (const LoadError& e) {
      QVERIFY(std::string(e.what()).find("paper-growth") != std::string::npos);  // lists the presets
    }
    try {
      resolveScenario("/nonexistent/x.scenario.json", catalog());
      QFAIL("resolved a missing file");
    } catch (const LoadError& e) {
      QCOMPARE(e.file(), std::string("/nonexistent/x.scenario.json"));
    }
  }
};

QTEST_APPLESS_MAIN(TestScenarioJson)
#include "tst_scenario_json.moc"
