// Plan JSON: contract field names, round trips, and a clear LoadError for every malformed input.
#include <QtTest>

#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"
#include "io/plan_json.h"
#include "plan/unused_gpus_check.h"

using namespace arachne;

namespace {

Plan samplePlan() {
  Plan p;
  p.provenance = {"builtin-1", "analytic-v1", "greedy", "0.3", 18446744073709551615ull,
                  "h100:4x2,a6000:4x1", "mixtral-8x7b"};
  Template t;
  t.replicas = 2;
  t.micro_batch = 2;
  t.micro_batches = 16;
  Stage a{"a6000", 2, 0, 10, {2, 2}, std::nullopt};
  Stage b{"h100", 4, 11, 33, {0, 1}, ExpertTiling{2, 2, 1}};
  t.stages = {a, b};
  p.templates = {t};
  p.unused_gpus = {{"a6000", 2, 4, "unused"}, {"h100", 5, 1, "TP 2 group would not fit"}};
  return p;
}

PlanReport sampleReport() {
  PlanReport r;
  r.feasible = false;
  Violation v;
  v.kind = ViolationKind::OutOfMemory;
  v.template_index = 0;
  v.stage_index = 1;
  v.gpu_type = "h100";
  v.node_id = 0;
  v.component = "optimizer";
  v.needed_bytes = 9e10;
  v.capacity_bytes = 8e10;
  v.over_bytes = 1e10;
  v.message = "stage 1 needs 90 GB, has 80 GB";
  r.violations = {v};
  r.iteration_time_s = 1.25;
  r.throughput = {409.6, 1677721.6, 0.8};
  TemplateReport tr;
  tr.micro_batches = 16;
  tr.iteration_time_s = 1.25;
  tr.bubble_s = 0.1;
  StageReport s0, s1;
  s0.time.compute = 0.01;
  s0.time.tp_comm = 0.002;
  s0.time.p2p = 0.001;
  s0.time.grad_sync = 0.05;
  s0.time.optimizer = 0.003;
  s0.memory = {1e9, 2e9, 6e9, 3e9, 1e9, 48e9};
  s0.p2p_link = "inter-node";
  s1.time.compute = 0.02;
  s1.time.tp_comm = 0.004;
  s1.time.grad_sync = 0.07;
  s1.time.optimizer = 0.004;
  s1.memory = {2e9, 4e9, 12e9, 5e9, 1e9, 80e9};
  s1.p2p_link = "none";
  tr.stages = {s0, s1};
  r.templates = {tr};
  return r;
}

// A valid minimal document; `patch` edits it before it is serialised.
std::string minimalWith(const std::function<void(nlohmann::json&)>& patch) {
  nlohmann::json j = {
      {"schema_version", 1},
      {"templates",
       {{{"replicas", 2},
         {"micro_batch", 1},
         {"micro_batches", 4},
         {"stages",
          {{{"gpu_type", "h100"}, {"tp", 4}, {"layers", {0, 10}}, {"node_ids", {0, 1}}},
           {{"gpu_type", "a6000"}, {"tp", 2}, {"layers", {11, 33}}, {"node_ids", {2, 3}},
            {"expert_tiling", {{"ep", 2}, {"etp", 1}, {"edp", 1}}}}}}}}},
      {"unused_gpus", {{{"gpu_type", "a6000"}, {"node_id", 4}, {"count", 1}, {"reason", "r"}}}}};
  patch(j);
  return j.dump();
}

std::string tmpDir() {
  auto dir = std::filesystem::temp_directory_path() /
             ("tst_plan_json_" + std::to_string(QCoreApplication::applicationPid()));
  std::filesystem::create_directories(dir);
  return dir.string();
}

}  // namespace

class TstPlanJson : public QObject {
  Q_OBJECT
 private slots:
  void writesContractFieldNames() {
    const Plan plan = samplePlan();
    const PlanReport report = sampleReport();
    const auto j = nlohmann::json::parse(planToJson(plan, &report));
    QCOMPARE(j.at("schema_version").get<int>(), 1);
    const auto& prov = j.at("provenance");
    for (const char* k : {"catalog", "profile_set", "planner", "planner_version", "seed"})
      QVERIFY2(prov.contains(k), k);
    QCOMPARE(prov.at("seed").get<std::uint64_t>(), 18446744073709551615ull);
    QCOMPARE(j.at("throughput").at("sequences_per_s").get<double>(), 409.6);
    QCOMPARE(j.at("throughput").at("tokens_per_s").get<double>(), 1677721.6);
    QCOMPARE(j.at("throughput").at("iterations_per_s").get<double>(), 0.8);
    QCOMPARE(j.at("iteration_time_s").get<double>(), 1.25);
    const auto& t = j.at("templates").at(0);
    QCOMPARE(t.at("replicas").get<int>(), 2);
    QCOMPARE(t.at("micro_batch").get<int>(), 2);
    QCOMPARE(t.at("micro_batches").get<int>(), 16);
    const auto& s0 = t.at("stages").at(0);
    const auto& s1 = t.at("stages").at(1);
    QCOMPARE(s0.at("gpu_type").get<std::string>(), std::string("a6000"));
    QCOMPARE(s0.at("tp").get<int>(), 2);
    QCOMPARE(s0.at("layers"), nlohmann::json::array({0, 10}));
    QCOMPARE(s0.at("node_ids"), nlohmann::json::array({2, 2}));
    QVERIFY(!s0.contains("expert_tiling"));  // dense stage
    QCOMPARE(s1.at("expert_tiling"), (nlohmann::json{{"ep", 2}, {"etp", 2}, {"edp", 1}}));
    for (const char* k : {"compute", "tp_comm", "expert_comm", "p2p", "grad_sync", "param_gather",
                          "optimizer", "embedding_sync", "tp_comm_hidden", "grad_sync_hidden", "param_gather_hidden"})
      QVERIFY2(s0.at("time_s").contains(k), k);
    QCOMPARE(s1.at("time_s").at("grad_sync").get<double>(), 0.07);
    for (const char* k : {"params", "grads", "optimizer", "activations", "other", "capacity"})
      QVERIFY2(s1.at("memory_bytes").contains(k), k);
    QCOMPARE(s1.at("memory_bytes").at("capacity").get<double>(), 80e9);
    QCOMPARE(s1.at("memory_bytes").at("optimizer").get<double>(), 12e9);
    const auto& u = j.at("unused_gpus").at(1);
    QCOMPARE(u.at("gpu_type").get<std::string>(), std::string("h100"));
    QCOMPARE(u.at("node_id").get<int>(), 5);
    QCOMPARE(u.at("count").get<int>(), 1);
    QCOMPARE(u.at("reason").get<std::string>(), std::string("TP 2 group would not fit"));
    QCOMPARE(j.at("feasible").get<bool>(), false);
    const auto& v = j.at("violations").at(0);
    QCOMPARE(v.at("kind").get<std::string>(), std::string("out_of_memory"));
    QCOMPARE(v.at("component").get<std::string>(), std::string("optimizer"));
    QCOMPARE(v.at("over_bytes").get<double>(), 1e10);
    QCOMPARE(j.at("gpus_used").get<int>(), 2 * (2 + 4));
  }

  void withoutReportHasNoPricedFields() {
    const auto j = nlohmann::json::parse(planToJson(samplePlan()));
    QVERIFY(!j.contains("throughput"));
    QVERIFY(!j.contains("iteration_time_s"));
    QVERIFY(!j.at("templates").at(0).at("stages").at(0).contains("time_s"));
  }

  void fixedMicroBatchesRoundTrip() {
    Plan plan = samplePlan();
    QVERIFY(!nlohmann::json::parse(planToJson(plan)).contains("micro_batches_fixed"));
    plan.fixed_micro_batches = true;
    const std::string text = planToJson(plan);
    QCOMPARE(nlohmann::json::parse(text).at("micro_batches_fixed").get<bool>(), true);
    QCOMPARE(planFromJson(text, "x"), plan);
    QVERIFY(!planFromJson(minimalWith([](nlohmann::json&) {}), "x").fixed_micro_batches);
    QVERIFY_THROWS_EXCEPTION(LoadError, planFromJson(minimalWith([](nlohmann::json& j) { j["micro_batches_fixed"] = 1; }), "x"));
  }

  void roundTrip() {
    Plan plan = samplePlan();
    QCOMPARE(planFromJson(planToJson(plan), "x"), plan);
    // The cost-model terms a plan was priced without are written only when there are any.
    QVERIFY(!nlohmann::json::parse(planToJson(plan)).at("provenance").contains("cost_terms_off"));
    plan.provenance.cost_terms_off = {"nic-sharing", "overlap"};
    QCOMPARE(planFromJson(planToJson(plan), "x"), plan);
    plan.provenance.cost_terms_off.clear();
    const PlanReport report = sampleReport();
    // Priced fields are written but ignored on load: the plan comes back unchanged.
    QCOMPARE(planFromJson(planToJson(plan, &report), "x"), plan);
  }

  void pricedFieldsIgnoredOnLoad() {
    // Nonsense in priced fields (a negative time, a string throughput) does not matter.
    const std::string text = minimalWith([](nlohmann::json& j) {
      j["throughput"] = "fast";
      j["iteration_time_s"] = -3;
      j["templates"][0]["stages"][0]["time_s"] = {{"compute", -1}};
      j["templates"][0]["stages"][0]["memory_bytes"] = nullptr;
    });
    const Plan p = planFromJson(text, "x");
    QCOMPARE(p.templates.size(), size_t(1));
    QCOMPARE(p.templates[0].stages[1].expert_tiling, std::optional<ExpertTiling>(ExpertTiling{2, 1, 1}));
  }

  void optionalFieldsDefault() {
    const Plan p = planFromJson(minimalWith([](nlohmann::json& j) {
      j.erase("unused_gpus");
      j["templates"][0].erase("micro_batches");
    }), "x");
    QCOMPARE(p.templates[0].micro_batches, 1);
    QVERIFY(p.unused_gpus.empty());
    QCOMPARE(p.provenance, Provenance{});
    // Integral floats are integers.
    const Plan q = planFromJson(minimalWith([](nlohmann::json& j) { j["templates"][0]["stages"][0]["tp"] = 4.0; }), "x");
    QCOMPARE(q.templates[0].stages[0].tp, 4);
  }

  void trainingRecordedAndRead() {
    TrainingSpec spec;
    spec.global_batch = 1024;
    spec.sequence_length = 2048;
    spec.precision = Precision::Fp32;
    spec.activation_checkpointing = true;
    spec.distributed_optimizer = true;
    const std::string text = planToJson(samplePlan(), nullptr, spec);
    const auto j = nlohmann::json::parse(text);
    QCOMPARE(j.at("training").at("precision").get<std::string>(), std::string("fp32"));
    QCOMPARE(j.at("training").at("global_batch").get<int>(), 1024);
    const PlanDocument doc = planDocumentFromJson(text, "x");
    QCOMPARE(doc.plan, samplePlan());
    const TrainingSpec back = doc.training.applyTo(TrainingSpec{});
    QCOMPARE(back.global_batch, 1024);
    QCOMPARE(back.sequence_length, 2048);
    QVERIFY(back.precision == Precision::Fp32);
    QVERIFY(back.activation_checkpointing);
    QVERIFY(back.distributed_optimizer);
    QCOMPARE(back.grad_bucket_params, 0.0);  // the runtime's default is not written out
    QVERIFY(!j.at("training").contains("grad_bucket_params"));
    spec.grad_bucket_params = 2.5e7;  // --grad-bucket: recorded, so evaluate and export price it again
    const auto withBucket = nlohmann::json::parse(planToJson(samplePlan(), nullptr, spec));
    QCOMPARE(withBucket.at("training").at("grad_bucket_params").get<double>(), 2.5e7);
    QCOMPARE(planDocumentFromJson(withBucket.dump(), "x").training.applyTo(TrainingSpec{}).grad_bucket_params, 2.5e7);
    // Without a "training" object nothing is recorded; a partial one changes only its fields.
    QVERIFY(planDocumentFromJson(planToJson(samplePlan()), "x").training.empty());
    TrainingSpec base;
    base.global_batch = 64;
    const PlanDocument partial = planDocumentFromJson(
        minimalWith([](nlohmann::json& j) { j["training"] = {{"sequence_length", 512}}; }), "x");
    const TrainingSpec applied = partial.training.applyTo(base);
    QCOMPARE(applied.global_batch, 64);
    QCOMPARE(applied.sequence_length, 512);
  }

  void malformedTraining_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("problem");
    using J = nlohmann::json;
    auto row = [](const char* name, std::function<void(J&)> f, const char* field, const char* problem) {
      QTest::newRow(name) << QString::fromStdString(minimalWith(f)) << QString(field) << QString(problem);
    };
    row("array", [](J& j) { j["training"] = J::array(); }, "training", "must be an object");
    row("batch 0", [](J& j) { j["training"] = {{"global_batch", 0}}; }, "training.global_batch", "at least 1");
    row("batch huge", [](J& j) { j["training"] = {{"global_batch", 1e15}}; }, "training.global_batch", "at most");
    row("seq string", [](J& j) { j["training"] = {{"sequence_length", "4k"}}; }, "training.sequence_length", "must be an integer");
    row("precision", [](J& j) { j["training"] = {{"precision", "fp4"}}; }, "training.precision", "bf16, fp16, fp32 or fp8, got 'fp4'");
    row("ckpt", [](J& j) { j["training"] = {{"activation_checkpointing", "yes"}}; }, "training.activation_checkpointing", "true or false");
    row("dist", [](J& j) { j["training"] = {{"distributed_optimizer", 1}}; }, "training.distributed_optimizer", "true or false");
    row("bucket", [](J& j) { j["training"] = {{"grad_bucket_params", 10}}; }, "training.grad_bucket_params", "at least 1000");
  }
  void malformedTraining() { malformed(); }

  void malformed_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("problem");
    using J = nlohmann::json;
    auto row = [](const char* name, const std::string& text, const char* field, const char* problem) {
      QTest::newRow(name) << QString::fromStdString(text) << QString(field) << QString(problem);
    };
    auto patched = [](std::function<void(J&)> f) { return minimalWith(f); };
    row("not json", "{\"schema_version\": 1,", "", "invalid JSON at line 1");
    row("empty", "", "", "invalid JSON");
    row("array", "[1,2]", "", "must be a JSON object");
    row("no schema", patched([](J& j) { j.erase("schema_version"); }), "schema_version", "is missing");
    row("schema 2", patched([](J& j) { j["schema_version"] = 2; }), "schema_version", "unsupported schema_version 2");
    row("schema string", patched([](J& j) { j["schema_version"] = "1"; }), "schema_version", "must be an integer");
    row("no templates", patched([](J& j) { j.erase("templates"); }), "templates", "is missing");
    row("templates object", patched([](J& j) { j["templates"] = J::object(); }), "templates", "must be an array");
    row("template number", patched([](J& j) { j["templates"][0] = 3; }), "templates[0]", "must be an object");
    row("replicas 0", patched([](J& j) { j["templates"][0]["replicas"] = 0; }), "templates[0].replicas", "must be at least 1");
    row("replicas -1", patched([](J& j) { j["templates"][0]["replicas"] = -1; }), "templates[0].replicas", "must be at least 1");
    row("replicas 2.5", patched([](J& j) { j["templates"][0]["replicas"] = 2.5; }), "templates[0].replicas", "must be an integer");
    row("replicas string", patched([](J& j) { j["templates"][0]["replicas"] = "2"; }), "templates[0].replicas", "must be an integer, got string");
    row("replicas huge", patched([](J& j) { j["templates"][0]["replicas"] = 1e12; }), "templates[0].replicas", "must be at most");
    row("replicas u64", patched([](J& j) { j["templates"][0]["replicas"] = 18446744073709551615ull; }), "templates[0].replicas", "must be at most");
    row("replicas bool", patched([](J& j) { j["templates"][0]["replicas"] = true; }), "templates[0].replicas", "must be an integer, got boolean");
    row("gpus overflow", patched([](J& j) {
      j["templates"][0]["replicas"] = 300;
      j["templates"][0]["stages"] = J::array();
      j["templates"][0]["stages"].push_back({{"gpu_type", "h100"}, {"tp", 4096}, {"layers", {0, 1}},
                                             {"node_ids", std::vector<int>(300, 0)}});
    }), "templates[0]", "places 1228800 GPUs");
    row("plan gpus", patched([](J& j) {
      J t = j["templates"][0];
      t["replicas"] = 1;
      t["stages"] = J::array();
      t["stages"].push_back({{"gpu_type", "h100"}, {"tp", 4000}, {"layers", {0, 1}}, {"node_ids", {0}}});
      j["templates"] = J::array();
      for (int i = 0; i < 300; ++i) j["templates"].push_back(t);
    }), "templates", "above the limit of 1000000");
    row("micro_batch 0", patched([](J& j) { j["templates"][0]["micro_batch"] = 0; }), "templates[0].micro_batch", "must be at least 1");
    row("micro_batches 0", patched([](J& j) { j["templates"][0]["micro_batches"] = 0; }), "templates[0].micro_batches", "must be at least 1");
    row("no stages", patched([](J& j) { j["templates"][0]["stages"] = J::array(); }), "templates[0].stages", "at least one stage");
    row("stage string", patched([](J& j) { j["templates"][0]["stages"][1] = "s"; }), "templates[0].stages[1]", "must be an object");
    row("tp 0", patched([](J& j) { j["templates"][0]["stages"][1]["tp"] = 0; }), "templates[0].stages[1].tp", "must be at least 1");
    row("tp huge", patched([](J& j) { j["templates"][0]["stages"][1]["tp"] = 1e9; }), "templates[0].stages[1].tp", "must be at most");
    row("no gpu_type", patched([](J& j) { j["templates"][0]["stages"][0].erase("gpu_type"); }), "templates[0].stages[0].gpu_type", "is missing");
    row("gpu_type number", patched([](J& j) { j["templates"][0]["stages"][0]["gpu_type"] = 5; }), "templates[0].stages[0].gpu_type", "must be a string");
    row("gpu_type empty", patched([](J& j) { j["templates"][0]["stages"][0]["gpu_type"] = ""; }), "templates[0].stages[0].gpu_type", "must not be empty");
    row("layers reversed", patched([](J& j) { j["templates"][0]["stages"][1]["layers"] = {33, 11}; }), "templates[0].stages[1].layers", "first layer 33 is after last layer 11");
    row("layers negative", patched([](J& j) { j["templates"][0]["stages"][0]["layers"] = {-1, 3}; }), "templates[0].stages[0].layers[0]", "must be at least 0");
    row("layers one", patched([](J& j) { j["templates"][0]["stages"][0]["layers"] = {3}; }), "templates[0].stages[0].layers", "two layer indices");
    row("layers string", patched([](J& j) { j["templates"][0]["stages"][0]["layers"] = "0-3"; }), "templates[0].stages[0].layers", "got string");
    row("layers float", patched([](J& j) { j["templates"][0]["stages"][0]["layers"] = {0, 3.5}; }), "templates[0].stages[0].layers[1]", "must be an integer");
    row("node_ids negative", patched([](J& j) { j["templates"][0]["stages"][0]["node_ids"] = {0, -1}; }), "templates[0].stages[0].node_ids[1]", "must be at least 0");
    row("node_ids string", patched([](J& j) { j["templates"][0]["stages"][0]["node_ids"] = {"a", 1}; }), "templates[0].stages[0].node_ids[0]", "must be an integer");
    row("node_ids count", patched([](J& j) { j["templates"][0]["stages"][0]["node_ids"] = {0}; }), "templates[0].stages[0].node_ids", "one node id per replica (2), got 1");
    row("node_ids object", patched([](J& j) { j["templates"][0]["stages"][0]["node_ids"] = J::object(); }), "templates[0].stages[0].node_ids", "must be an array");
    row("tiling ep 0", patched([](J& j) { j["templates"][0]["stages"][1]["expert_tiling"]["ep"] = 0; }), "templates[0].stages[1].expert_tiling.ep", "must be at least 1");
    row("tiling no etp", patched([](J& j) { j["templates"][0]["stages"][1]["expert_tiling"].erase("etp"); }), "templates[0].stages[1].expert_tiling.etp", "is missing");
    row("tiling array", patched([](J& j) { j["templates"][0]["stages"][1]["expert_tiling"] = {1, 2, 3}; }), "templates[0].stages[1].expert_tiling", "must be an object");
    row("provenance string", patched([](J& j) { j["provenance"] = "x"; }), "provenance", "must be an object");
    row("planner number", patched([](J& j) { j["provenance"] = {{"planner", 3}}; }), "provenance.planner", "must be a string");
    row("seed negative", patched([](J& j) { j["provenance"] = {{"seed", -1}}; }), "provenance.seed", "non-negative integer");
    row("seed float", patched([](J& j) { j["provenance"] = {{"seed", 0.5}}; }), "provenance.seed", "non-negative integer");
    row("unused object", patched([](J& j) { j["unused_gpus"] = J::object(); }), "unused_gpus", "must be an array");
    row("unused count 0", patched([](J& j) { j["unused_gpus"][0]["count"] = 0; }), "unused_gpus[0].count", "must be at least 1");
    row("unused no type", patched([](J& j) { j["unused_gpus"][0].erase("gpu_type"); }), "unused_gpus[0].gpu_type", "is missing");
    row("unused reason number", patched([](J& j) { j["unused_gpus"][0]["reason"] = 1; }), "unused_gpus[0].reason", "must be a string");
    row("terms off not array", patched([](J& j) { j["provenance"] = {{"cost_terms_off", "overlap"}}; }), "provenance.cost_terms_off", "must be an array");
    row("terms off unknown", patched([](J& j) { j["provenance"] = {{"cost_terms_off", {"overlap", "magic"}}}; }), "provenance.cost_terms_off[1]", "'magic' is not a cost-model term");
  }
  void malformed() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    QFETCH(QString, problem);
    try {
      planDocumentFromJson(text.toStdString(), "bad.plan.json");
      QFAIL("no LoadError thrown");
    } catch (const LoadError& e) {
      QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("bad.plan.json"));
      QCOMPARE(QString::fromStdString(e.field()), field);
      QVERIFY2(QString::fromStdString(e.problem()).contains(problem), e.what());
      QVERIFY(QString::fromStdString(e.what()).startsWith("bad.plan.json"));
    }
  }

  void everyTruncationFailsCleanly() {
    // Any prefix of a valid document is either a LoadError or (the whole text) a plan: never
    // a crash and never another exception type.
    std::string text = planToJson(samplePlan(), nullptr);
    while (!text.empty() && text.back() != '}') text.pop_back();  // drop trailing whitespace
    int errors = 0;
    for (size_t n = 0; n < text.size(); ++n) {
      try {
        planFromJson(text.substr(0, n), "cut");
      } catch (const LoadError&) {
        ++errors;
      }
    }
    QCOMPARE(errors, int(text.size()));
  }

  void examplePlansLoad() {
    const std::string dir = ARACHNE_TEST_DATA "/plans/";
    const Plan a = loadPlanFile(dir + "llama3-8b-2type.plan.json");
    QCOMPARE(a.templates.size(), size_t(1));
    QCOMPARE(a.templates[0].stages[1].gpu_type, std::string("h100"));
    QCOMPARE(a.templates[0].stages[1].last_layer, 33);
    QCOMPARE(a.provenance.model, std::string("llama3-8b"));
    const Plan b = loadPlanFile(dir + "llama3-8b-oom.plan.json");
    QCOMPARE(b.unused_gpus.size(), size_t(4));
    const Plan c = loadPlanFile(dir + "mixtral-ep.plan.json");
    QCOMPARE(c.provenance.seed, 18446744073709551615ull);
    QCOMPARE(c.templates[0].stages[1].expert_tiling->etp, 2);
  }

  void malformedFilesNameFileAndField() {
    const std::string path = ARACHNE_TEST_DATA "/plans/malformed-layers.plan.json";
    try {
      loadPlanFile(path);
      QFAIL("no LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(e.file(), path);
      QCOMPARE(e.field(), std::string("templates[0].stages[1].layers"));
    }
    QVERIFY_THROWS_EXCEPTION(LoadError, loadPlanFile(ARACHNE_TEST_DATA "/plans/truncated.plan.json"));
    try {
      loadPlanFile("/nonexistent/x.plan.json");
      QFAIL("no LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(e.file(), std::string("/nonexistent/x.plan.json"));
      QVERIFY(e.problem().find("no such file") != std::string::npos);
    }
    QVERIFY_THROWS_EXCEPTION(LoadError, loadPlanFile(ARACHNE_TEST_DATA "/plans"));
  }

  void saveIsAtomicAndLoadsBack() {
    const std::string dir = tmpDir();
    const std::string path = dir + "/out.plan.json";
    const Plan plan = samplePlan();
    const PlanReport report = sampleReport();
    savePlanFile(plan, &report, path);
    savePlanFile(plan, &report, path);  // overwrite in place
    QCOMPARE(loadPlanFile(path), plan);
    int files = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      ++files;
      QCOMPARE(e.path().filename().string(), std::string("out.plan.json"));  // no temp left
    }
    QCOMPARE(files, 1);
    std::filesystem::remove_all(dir);
    QVERIFY_THROWS_EXCEPTION(LoadError, savePlanFile(plan, nullptr, "/nonexistent-dir/x.plan.json"));
    // The overload that records the training spec saves the same way.
    const std::string dir2 = tmpDir();
    TrainingSpec spec;
    spec.global_batch = 7;
    savePlanFile(plan, &report, spec, dir2 + "/t.plan.json");
    const PlanDocument doc = loadPlanDocument(dir2 + "/t.plan.json");
    QCOMPARE(doc.plan, plan);
    QCOMPARE(doc.training.global_batch, std::optional<int>(7));
    std::filesystem::remove_all(dir2);
  }

  // Issue 15: "H100" and aliases name the catalog's type, as in cluster files.
  void gpuTypeAliasesAndCaseAreTheCatalogId() {
    const Plan p = planFromJson(minimalWith([](nlohmann::json& j) {
      j["templates"][0]["stages"][0]["gpu_type"] = "H100";
      j["templates"][0]["stages"][1]["gpu_type"] = "A6000";
      j["unused_gpus"][0]["gpu_type"] = "RTX-A6000";
    }), "x");
    QCOMPARE(p.templates[0].stages[0].gpu_type, std::string("h100"));
    QCOMPARE(p.templates[0].stages[1].gpu_type, std::string("a6000"));
    // An unknown name is kept as written: pricing reports it (unknown_node).
    const Plan q = planFromJson(minimalWith([](nlohmann::json& j) { j["templates"][0]["stages"][0]["gpu_type"] = "Z9"; }), "x");
    QCOMPARE(q.templates[0].stages[0].gpu_type, std::string("Z9"));
  }

  // Issue 15: an unused_gpus list naming a used node or a node the cluster lacks was summed
  // into "GPUs unused: 1004" on a 16-GPU cluster.
  void unusedGpusMustFitTheCluster() {
    const Composition c = parseInlineCluster("h100:4x2,a6000:2x3", GpuCatalog::builtin());  // nodes 0-1 h100, 2-4 a6000
    auto check = [&](const std::function<void(nlohmann::json&)>& patch) -> std::string {
      try {
        checkUnusedGpus(planFromJson(minimalWith(patch), "u.plan.json"), c, "u.plan.json");
      } catch (const LoadError& e) {
        return e.field() + ": " + e.problem();
      }
      return "ok";
    };
    auto noTiling = [](nlohmann::json& j) { j["templates"][0]["stages"][1]["tp"] = 1; };
    QCOMPARE(check([&](nlohmann::json& j) { noTiling(j); }), std::string("ok"));
    QVERIFY(check([](nlohmann::json& j) { j["unused_gpus"][0]["node_id"] = 999; j["unused_gpus"][0]["count"] = 1000; })
                .rfind("unused_gpus[0].node_id: node 999 is not in the cluster (14 GPUs in 5 nodes", 0) == 0);
    QVERIFY(check([](nlohmann::json& j) { j["unused_gpus"][0]["node_id"] = 0; })
                .rfind("unused_gpus[0].gpu_type: is 'a6000' but node 0 holds h100 GPUs", 0) == 0);
    // Node 2 (2 GPUs) already runs a TP 2 stage: nothing on it is unused.
    QVERIFY(check([](nlohmann::json& j) { j["unused_gpus"][0]["node_id"] = 2; })
                .rfind("unused_gpus[0].count: lists 1 unused GPU(s) on node 2 of 2 GPUs, where the plan's stages use 2", 0) == 0);
    QVERIFY(check([](nlohmann::json& j) {
              j["unused_gpus"].push_back({{"gpu_type", "a6000"}, {"node_id", 4}, {"count", 2}});
            }).rfind("unused_gpus[1].count: lists 3 unused", 0) == 0);
  }
};

QTEST_GUILESS_MAIN(TstPlanJson)
#include "tst_plan_json.moc"
