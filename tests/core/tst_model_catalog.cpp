// The model catalog: parameter counts against published totals and Sailor's per-layer counts,
// layer stacks, resolveModel, and LoadErrors for malformed model files.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "io/load_error.h"
#include "model/model_catalog.h"
#include "model/param_count.h"

using arachne::LayerKind;
using arachne::LoadError;
using arachne::Model;
using arachne::ModelCatalog;
using nlohmann::json;

namespace {

const Model& builtinModel(const char* id) {
  const Model* m = ModelCatalog::builtin().find(id);
  if (!m) throw std::runtime_error(std::string("missing model ") + id);
  return *m;
}

double firstOfKind(const Model& m, LayerKind kind) {
  for (int i = 0; i < m.layerCount(); ++i)
    if (m.layer(i).kind == kind) return m.layer(i).params;
  return -1;
}

json tinyMoe() {
  return json{{"id", "moe-test"},
              {"shape",
               {{"hidden", 64}, {"heads", 4}, {"kv_heads", 2}, {"head_dim", 16}, {"vocab", 256},
                {"experts", 4}, {"top_k", 2}, {"expert_ffn", 32}, {"dense_ffn", 128}}},
              {"stack", {{{"type", "embedding"}, {"count", 1}}, {{"type", "dense"}, {"count", 1}},
                         {{"type", "moe"}, {"count", 3}}, {{"type", "head"}, {"count", 1}}}}};
}

json llmInfo() {
  std::ifstream in(ARACHNE_TEST_DATA "/sailor/Planner/llm_info.json");
  if (!in) throw std::runtime_error("tests/data/sailor/Planner/llm_info.json missing");
  return json::parse(in);
}

}  // namespace

class TstModelCatalog : public QObject {
  Q_OBJECT
 private slots:
  void builtinHoldsEveryModel() {
    for (const char* id : {"llama3-8b", "llama3-70b", "qwen3-32b", "qwen3-64b", "mixtral-8x7b", "qwen3-30b-a3b",
                           "deepseek-v3-like", "gpt-tiny", "opt-350m", "gpt-neo-2.7b"})
      QVERIFY2(ModelCatalog::builtin().find(id), id);
    QCOMPARE(int(ModelCatalog::builtin().models().size()), 10);
  }

  // Every model with a published total, the total and what it counts:
  //   llama3-8b 8.0e9 (model card "8B")          computed 8,030,261,248   +0.38 %
  //   llama3-70b 70.0e9 (model card "70B")       computed 70,553,706,496  +0.79 %
  //   qwen3-32b 32.8e9 (Qwen3 report)            computed 32,762,123,264  -0.12 %
  //   mixtral-8x7b 47.0e9 (Mixtral paper)        computed 46,702,792,704  -0.63 %
  //   qwen3-30b-a3b 30.5e9 (model card)          computed 30,532,122,624  +0.11 %
  //   qwen3-64b 62.3e9 (Arachne paper), which is the 128 blocks without embedding and head:
  //                                              computed 62,412,587,008 in the blocks -> +0.18 %
  void publishedTotalsWithinOnePercent_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("published");
    QTest::addColumn<bool>("blocksOnly");
    QTest::newRow("llama3-8b") << "llama3-8b" << 8.0e9 << false;
    QTest::newRow("llama3-70b") << "llama3-70b" << 70.0e9 << false;
    QTest::newRow("qwen3-32b") << "qwen3-32b" << 32.8e9 << false;
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 47.0e9 << false;
    QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << 30.5e9 << false;
    QTest::newRow("qwen3-64b") << "qwen3-64b" << 62.3e9 << true;
  }
  void publishedTotalsWithinOnePercent() {
    QFETCH(QString, id);
    QFETCH(double, published);
    QFETCH(bool, blocksOnly);
    const Model& m = builtinModel(qPrintable(id));
    QCOMPARE(m.published_params, published);
    const double counted = blocksOnly ? arachne::param_count::nonEmbedding(m) : m.totalParams();
    QVERIFY2(std::abs(counted / published - 1.0) < 0.01,
             qPrintable(QString("%1: counted %2, published %3").arg(id).arg(counted, 0, 'f', 0).arg(published)));
  }

  // Qwen3-64B: the paper's 62.3 B is not the whole model. With embedding and head (1.56 B) the
  // count is 63.97 B, 2.7 % above; this test keeps that gap documented and fails if it changes.
  void qwen3_64bWholeModelGap() {
    const Model& m = builtinModel("qwen3-64b");
    QCOMPARE(m.totalParams(), 63968416768.0);
    const double gap = m.totalParams() / m.published_params - 1.0;
    QVERIFY(gap > 0.025 && gap < 0.029);
    QVERIFY(m.default_training.activation_checkpointing);
    QCOMPARE(m.layerCount(), 130);
  }

  // Exact counts of the public configs (they equal the Hugging Face parameter counts).
  void exactCounts_data() {
    QTest::addColumn<QString>("id");
    QTest::addColumn<double>("total");
    QTest::newRow("llama3-8b") << "llama3-8b" << 8030261248.0;
    QTest::newRow("llama3-70b") << "llama3-70b" << 70553706496.0;
    QTest::newRow("qwen3-32b") << "qwen3-32b" << 32762123264.0;
    QTest::newRow("mixtral-8x7b") << "mixtral-8x7b" << 46702792704.0;
    QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b" << 30532122624.0;
  }
  void exactCounts() {
    QFETCH(QString, id);
    QFETCH(double, total);
    QCOMPARE(builtinModel(qPrintable(id)).totalParams(), total);
  }

  void mixtralActiveParams() {
    // Mixtral paper: 13 B active per token; 2 of 8 experts.
    const double active = arachne::param_count::activePerToken(builtinModel("mixtral-8x7b"));
    QVERIFY2(std::abs(active / 13.0e9 - 1.0) < 0.01, qPrintable(QString::number(active, 'f', 0)));
  }

  // Sailor's llm_info.json (tp 1): layer 0 = embedding, 1..L blocks, L+1 = head.
  void opt350mMatchesSailorPerLayer() {
    const json info = llmInfo()["OPT-350"]["1"];
    const Model& m = builtinModel("opt-350m");
    QCOMPARE(m.layerCount(), 26);
    for (int i = 0; i <= 24; ++i)
      QCOMPARE(m.layer(i).params, info[std::to_string(i)]["params_floats"].get<double>());
    QCOMPARE(m.layer(1).params, 12596224.0);
    QCOMPARE(m.layer(0).params, 53608448.0);
    // Sailor's head entry (51,513,344) holds Megatron's copy of the tied embedding for the last
    // pipeline stage; the catalog's tied head counts only the final LayerNorm.
    QCOMPARE(m.layer(25).params, 2048.0);
    QCOMPARE(info["25"]["params_floats"].get<double>(), 50304.0 * 1024 + 2048);
  }

  void gptNeoMatchesSailorPerLayer() {
    const json info = llmInfo()["GPT-Neo-2.7"]["1"];
    const Model& m = builtinModel("gpt-neo-2.7b");
    QCOMPARE(m.layerCount(), 34);
    for (int i = 0; i < 34; ++i) {
      const double sailor = info[std::to_string(i)]["params_floats"].get<double>();
      QVERIFY2(std::abs(m.layer(i).params / sailor - 1.0) < 0.01, qPrintable(QString("layer %1").arg(i)));
    }
    QCOMPARE(m.layer(1).params, 78676480.0);
    QVERIFY(m.default_training.precision == arachne::Precision::Fp32);
    QCOMPARE(m.default_training.sequence_length, 2048);
  }

  void deepseekLikeExpertState() {
    const Model& m = builtinModel("deepseek-v3-like");
    QCOMPARE(m.layerCount(), 10);
    QCOMPARE(int(m.layer_types.size()), 4);
    QCOMPARE(QString::fromStdString(m.layer(1).id), QStringLiteral("dense"));
    QVERIFY(m.layer(1).uses_dense_ffn);
    QCOMPARE(m.layer(1).params, 583483392.0);
    const arachne::LayerType& moe = m.layer(2);
    QVERIFY(moe.kind == LayerKind::MoeBlock);
    QCOMPARE(moe.expert_params, 256.0 * 3 * 7168 * 2048);  // 11.27 B routed-expert params
    QCOMPARE(moe.params, 11507286016.0);                   // + MLA 187.1 M, shared expert, router, norms
    // 16 B per parameter (fp16 weight + grad, fp32 master + Adam m, v): the paper's "168 GB".
    const double gib = moe.expert_params * 16.0 / double(1ull << 30);
    QVERIFY2(gib > 167.5 && gib < 168.5, qPrintable(QString::number(gib)));
  }

  // The MLA and MoE formulas reproduce the full DeepSeek-V3 (3 dense + 58 MoE layers, 671 B).
  void fullDeepseekV3Count() {
    json d = json::parse(R"({"id":"dsv3","shape":{"hidden":7168,"heads":128,"vocab":129280,"attention":"mla",
      "q_lora_rank":1536,"kv_lora_rank":512,"qk_nope_head_dim":128,"qk_rope_head_dim":64,"v_head_dim":128,
      "experts":256,"top_k":8,"expert_ffn":2048,"shared_experts":1,"dense_ffn":18432},
      "stack":[{"type":"embedding","count":1},{"type":"dense","count":3},{"type":"moe","count":58},
               {"type":"head","count":1}]})");
    Model m = ModelCatalog::fromJson(d.dump(), "dsv3.json").models().front();
    QVERIFY2(std::abs(m.totalParams() / 671.0e9 - 1.0) < 0.01, qPrintable(QString::number(m.totalParams(), 'f', 0)));
    QVERIFY(std::abs(arachne::param_count::activePerToken(m) / 37.0e9 - 1.0) < 0.03);
  }

  // Hugging Face facebook/opt-350m: 512-wide embedding with project_in/out, 2050 positions
  // (OPT's offset of 2), tied head; HF counts 331,196,416 (no final norm, we add 2,048).
  void hfOpt350mProjections() {
    json d = json::parse(R"({"id":"opt-hf","shape":{"hidden":1024,"ffn":4096,"heads":16,"head_dim":64,
      "vocab":50272,"positions":2050,"tied_embeddings":true,"biases":true,"mlp":"relu","norm":"layernorm",
      "embed_proj_dim":512},"stack":[{"type":"embedding","count":1},{"type":"dense","count":24},
      {"type":"head","count":1}]})");
    Model m = ModelCatalog::fromJson(d.dump(), "opt.json").models().front();
    QCOMPARE(m.layer(0).params, 50272.0 * 512 + 2050.0 * 1024 + 512.0 * 1024);
    QCOMPARE(m.layer(25).params, 2048.0 + 1024.0 * 512);
    QCOMPARE(m.totalParams(), 331196416.0 + 2048.0);
  }

  void stackBuildsLayerTypes() {
    const Model& m = builtinModel("llama3-8b");
    QCOMPARE(m.layerCount(), 34);
    QVERIFY(m.layer(0).kind == LayerKind::Embedding);
    QVERIFY(m.layer(33).kind == LayerKind::Head);
    QCOMPARE(int(m.layer_types.size()), 3);
    QCOMPARE(firstOfKind(m, LayerKind::DenseBlock), 218112000.0);
    QVERIFY(!m.isMoe());
    QCOMPARE(m.default_training.global_batch, 512);
    const Model& q = builtinModel("qwen3-30b-a3b");
    QVERIFY(q.isMoe());
    QCOMPARE(q.layer(1).expert_params, 128.0 * 3 * 2048 * 768);
  }

  void resolveModelByIdOrFile() {
    QCOMPARE(QString::fromStdString(arachne::resolveModel("LLAMA3-8B").id), QStringLiteral("llama3-8b"));
    try {
      arachne::resolveModel("llama9-1t");
      QFAIL("expected LoadError");
    } catch (const LoadError& e) {
      QVERIFY(QString::fromStdString(e.problem()).contains("qwen3-30b-a3b"));
    }
    QTemporaryDir dir;
    const QString one = dir.filePath("one.json");
    { std::ofstream(one.toStdString()) << tinyMoe().dump(); }
    Model m = arachne::resolveModel(one.toStdString());
    QCOMPARE(QString::fromStdString(m.id), QStringLiteral("moe-test"));
    QCOMPARE(m.layerCount(), 6);
    json two = {{"schema_version", 1}, {"models", {tinyMoe(), tinyMoe()}}};
    two["models"][1]["id"] = "other";
    const QString both = dir.filePath("two.json");
    { std::ofstream(both.toStdString()) << two.dump(); }
    try {
      arachne::resolveModel(both.toStdString());
      QFAIL("expected LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(QString::fromStdString(e.field()), QStringLiteral("models"));
    }
  }

  void badModelNamesTheField_data() {
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("field");
    auto row = [](const char* name, const json& doc, const char* field) {
      QTest::newRow(name) << QString::fromStdString(doc.dump()) << QString(field);
    };
    auto shapeWith = [](const std::string& key, const json& v) { json d = tinyMoe(); d["shape"][key] = v; return d; };
    auto shapeWithout = [](const std::string& key) { json d = tinyMoe(); d["shape"].erase(key); return d; };
    auto stackWith = [](int i, const std::string& key, const json& v) { json d = tinyMoe(); d["stack"][i][key] = v; return d; };
    QTest::newRow("not json") << QStringLiteral("{\"id\": ") << QString();
    row("unknown stack type", stackWith(1, "type", "mamba"), "stack[1].type");
    row("stack type missing", [] { json d = tinyMoe(); d["stack"][1].erase("type"); return d; }(), "stack[1].type");
    row("count zero", stackWith(2, "count", 0), "stack[2].count");
    row("count negative", stackWith(2, "count", -3), "stack[2].count");
    row("count fractional", stackWith(2, "count", 2.5), "stack[2].count");
    row("count huge", stackWith(2, "count", 1e300), "stack[2].count");
    row("embedding count 2", stackWith(0, "count", 2), "stack[0].count");
    row("stack starts with dense", stackWith(0, "type", "dense"), "stack[0].type");
    row("head in the middle", stackWith(1, "type", "head"), "stack[1].type");
    row("stack empty", [] { json d = tinyMoe(); d["stack"] = json::array(); return d; }(), "stack");
    row("stack missing", [] { json d = tinyMoe(); d.erase("stack"); return d; }(), "stack");
    row("shape missing", [] { json d = tinyMoe(); d.erase("shape"); return d; }(), "shape");
    row("id missing", [] { json d = tinyMoe(); d.erase("id"); return d; }(), "id");
    row("hidden missing", shapeWithout("hidden"), "shape.hidden");
    row("heads missing", shapeWithout("heads"), "shape.heads");
    row("vocab missing", shapeWithout("vocab"), "shape.vocab");
    row("head_dim missing", shapeWithout("head_dim"), "shape.head_dim");
    row("hidden as string", shapeWith("hidden", "4096"), "shape.hidden");
    row("hidden negative", shapeWith("hidden", -64), "shape.hidden");
    row("hidden 1e300", shapeWith("hidden", 1e300), "shape.hidden");
    row("kv_heads not dividing", shapeWith("kv_heads", 3), "shape.kv_heads");
    // Misspelt keys used to be ignored, their defaults taken: another model, priced in silence.
    row("misspelt shape key", shapeWith("kv_head", 2), "shape.kv_head");
    row("misspelt top-level key", [] { json d = tinyMoe(); d["shapes"] = json::object(); return d; }(), "shapes");
    row("misspelt training key", [] { json d = tinyMoe(); d["default_training"] = {{"global_batchs", 8}}; return d; }(),
        "default_training.global_batchs");
    row("unknown stack key", stackWith(1, "repeat", 2), "stack[1].repeat");
    row("experts without top_k", shapeWithout("top_k"), "shape.top_k");
    row("top_k above experts", shapeWith("top_k", 5), "shape.top_k");
    row("experts without expert_ffn", shapeWithout("expert_ffn"), "shape.expert_ffn");
    row("unknown mlp", shapeWith("mlp", "swish"), "shape.mlp");
    row("unknown norm", shapeWith("norm", "batchnorm"), "shape.norm");
    row("unknown attention", shapeWith("attention", "linear"), "shape.attention");
    row("mla without kv_lora_rank", shapeWith("attention", "mla"), "shape.kv_lora_rank");
    row("moe dense block without dense_ffn", shapeWithout("dense_ffn"), "stack[1].type");
    {
      json d = tinyMoe();
      for (const char* k : {"experts", "top_k", "expert_ffn"}) d["shape"].erase(k);
      d["shape"]["ffn"] = 128;
      row("moe blocks without experts", d, "stack[2].type");
    }
    {
      json d = tinyMoe();
      for (const char* k : {"experts", "expert_ffn"}) d["shape"].erase(k);
      row("top_k without experts", d, "shape.top_k");
    }
    {
      json d = tinyMoe();
      d["stack"] = {{{"type", "embedding"}, {"count", 1}}, {{"type", "moe"}, {"count", 2}},
                    {{"type", "head"}, {"count", 1}}};
      d["shape"]["experts"] = 0;
      row("experts zero with moe stack", d, "shape.top_k");
    }
    row("precision unknown", [] { json d = tinyMoe(); d["default_training"] = {{"precision", "int8"}}; return d; }(),
        "default_training.precision");
    row("global batch zero", [] { json d = tinyMoe(); d["default_training"] = {{"global_batch", 0}}; return d; }(),
        "default_training.global_batch");
    row("checkpointing not bool",
        [] { json d = tinyMoe(); d["default_training"] = {{"activation_checkpointing", "yes"}}; return d; }(),
        "default_training.activation_checkpointing");
    row("published negative", [] { json d = tinyMoe(); d["published_params"] = -1; return d; }(), "published_params");
    {
      json d = {{"schema_version", 1}, {"models", {tinyMoe(), tinyMoe()}}};
      row("duplicate id in catalog", d, "models[1].id");
      d["models"][1]["id"] = "b";
      d["models"][1]["shape"].erase("heads");
      row("catalog entry field", d, "models[1].shape.heads");
    }
    row("catalog models empty", json{{"schema_version", 1}, {"models", json::array()}}, "models");
    row("catalog schema 7", json{{"schema_version", 7}, {"models", {tinyMoe()}}}, "schema_version");
  }
  void badModelNamesTheField() {
    QFETCH(QString, text);
    QFETCH(QString, field);
    try {
      ModelCatalog::fromJson(text.toStdString(), "bad-model.json");
      QFAIL("expected LoadError");
    } catch (const LoadError& e) {
      QCOMPARE(QString::fromStdString(e.file()), QStringLiteral("bad-model.json"));
      QCOMPARE(QString::fromStdString(e.field()), field);
    }
  }

  void tinyMoeCounts() {
    Model m = ModelCatalog::fromJson(tinyMoe().dump(), "t").models().front();
    // attention 64*64 + 2*64*32 + 64*64 = 12288; expert 3*64*32 = 6144; router 256; norms 128
    QCOMPARE(m.layer(2).params, 12288.0 + 4 * 6144.0 + 64 * 4 + 128);
    QCOMPARE(m.layer(2).expert_params, 4 * 6144.0);
    QCOMPARE(m.layer(1).params, 12288.0 + 3 * 64 * 128.0 + 128);
    QCOMPARE(m.layer(5).params, 64.0 + 256 * 64);  // untied head: final RMSNorm + V*h
  }
};

QTEST_GUILESS_MAIN(TstModelCatalog)
#include "tst_model_catalog.moc"
