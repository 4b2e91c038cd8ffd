// Parsing and checking of one model description; parameter counts come from param_count.
#include "model/model_parser.h"

#include <algorithm>
#include <cctype>
#include <map>

#include "catalog/training_spec.h"
#include "io/unknown_keys.h"
#include "model/param_count.h"

namespace arachne {

namespace {

// Caps that reject nonsense (typos, overflowed numbers) while leaving room for larger models.
constexpr long long kMaxWidth = 1'000'000;
constexpr long long kMaxVocab = 100'000'000;
constexpr long long kMaxHeads = 100'000;
constexpr long long kMaxExperts = 100'000;
constexpr long long kMaxLayers = 100'000;

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return std::tolower(c); });
  return s;
}

template <typename E>
E enumField(const JsonReader& r, const std::string& key, const std::map<std::string, E>& names, E fallback) {
  if (!r.has(key)) return fallback;
  const std::string v = lower(r.string(key));
  auto it = names.find(v);
  if (it != names.end()) return it->second;
  std::string known;
  for (const auto& [n, e] : names) known += (known.empty() ? "" : ", ") + n;
  r.fail(key, "unknown value '" + v + "' (expected one of: " + known + ")");
}

int intField(const JsonReader& r, const std::string& key, long long min, long long max) {
  return static_cast<int>(r.integer(key, min, max));
}
int intField(const JsonReader& r, const std::string& key, long long min, long long max, long long fallback) {
  return static_cast<int>(r.integer(key, min, max, fallback));
}

ModelShape parseShape(const JsonReader& r) {
  r.requireObject();
  ModelShape s;
  s.hidden = intField(r, "hidden", 1, kMaxWidth);
  s.heads = intField(r, "heads", 1, kMaxHeads);
  s.vocab = intField(r, "vocab", 1, kMaxVocab);
  s.attention = enumField<AttentionKind>(r, "attention", {{"gqa", AttentionKind::Gqa}, {"mla", AttentionKind::Mla}},
                                         AttentionKind::Gqa);
  s.mlp = enumField<MlpKind>(r, "mlp", {{"swiglu", MlpKind::SwiGlu}, {"gelu", MlpKind::Gelu}, {"relu", MlpKind::Relu}},
                             MlpKind::SwiGlu);
  s.norm = enumField<NormKind>(r, "norm", {{"rmsnorm", NormKind::RmsNorm}, {"layernorm", NormKind::LayerNorm}},
                               NormKind::RmsNorm);
  s.kv_heads = intField(r, "kv_heads", 1, kMaxHeads, s.heads);
  if (s.heads % s.kv_heads != 0) r.fail("kv_heads", "must divide heads (" + std::to_string(s.heads) + ")");
  // head_dim is never derived as hidden/heads: Qwen3 has heads*head_dim != hidden.
  if (s.attention == AttentionKind::Gqa) s.head_dim = intField(r, "head_dim", 1, kMaxWidth);
  else s.head_dim = intField(r, "head_dim", 0, kMaxWidth, 0);
  s.ffn = intField(r, "ffn", 0, kMaxWidth, 0);
  s.positions = intField(r, "positions", 0, kMaxVocab, 0);
  s.tied_embeddings = r.boolean("tied_embeddings", false);
  s.qk_norm = r.boolean("qk_norm", false);
  s.biases = r.boolean("biases", false);
  s.embed_proj_dim = intField(r, "embed_proj_dim", 0, kMaxWidth, 0);

  s.experts = intField(r, "experts", 0, kMaxExperts, 0);
  s.top_k = intField(r, "top_k", 0, kMaxExperts, 0);
  s.expert_ffn = intField(r, "expert_ffn", 0, kMaxWidth, 0);
  s.shared_experts = intField(r, "shared_experts", 0, kMaxExperts, 0);
  s.dense_ffn = intField(r, "dense_ffn", 0, kMaxWidth, 0);
  if (s.experts > 0) {
    if (!r.has("top_k")) r.fail("top_k", "is missing (an MoE model needs top_k with its experts)");
    if (s.top_k < 1 || s.top_k > s.experts)
      r.fail("top_k", "must be between 1 and experts (" + std::to_string(s.experts) + "), got " + std::to_string(s.top_k));
    if (s.expert_ffn < 1) r.fail("expert_ffn", "is missing or zero (an MoE model needs the expert FFN width)");
  } else {
    if (s.top_k > 0) r.fail("top_k", "is set but experts is 0");
    if (s.shared_experts > 0) r.fail("shared_experts", "is set but experts is 0");
  }

  if (s.attention == AttentionKind::Mla) {
    s.q_lora_rank = intField(r, "q_lora_rank", 0, kMaxWidth, 0);
    s.kv_lora_rank = intField(r, "kv_lora_rank", 1, kMaxWidth);
    s.qk_nope_head_dim = intField(r, "qk_nope_head_dim", 1, kMaxWidth);
    s.qk_rope_head_dim = intField(r, "qk_rope_head_dim", 0, kMaxWidth);
    s.v_head_dim = intField(r, "v_head_dim", 1, kMaxWidth);
  }
  return s;
}

TrainingSpec parseTraining(const JsonReader& r) {
  r.requireObject();
  TrainingSpec t;
  t.global_batch = intField(r, "global_batch", 1, 100'000'000, t.global_batch);
  // The plan files' and --seq-len's limit (io/plan_json_read.cpp), so a plan written with this
  // model's default reads back (it allowed 10^8, which a plan file then refused).
  t.sequence_length = intField(r, "sequence_length", 1, kMaxSequenceLength, t.sequence_length);
  if (r.has("precision")) {
    auto p = precisionFromString(r.string("precision"));
    if (!p) r.fail("precision", "unknown value '" + r.string("precision") + "' (expected bf16, fp16, fp32 or fp8)");
    t.precision = *p;
  }
  t.activation_checkpointing = r.boolean("activation_checkpointing", t.activation_checkpointing);
  t.distributed_optimizer = r.boolean("distributed_optimizer", t.distributed_optimizer);
  return t;
}

struct StackEntry {
  LayerKind kind;
  int count;
};

std::vector<StackEntry> parseStack(const JsonReader& stack) {
  static const std::map<std::string, LayerKind> kinds = {{"embedding", LayerKind::Embedding},
                                                         {"dense", LayerKind::DenseBlock},
                                                         {"moe", LayerKind::MoeBlock},
                                                         {"head", LayerKind::Head}};
  if (stack.size() == 0) stack.fail("", "must list at least an embedding, one block and a head");
  std::vector<StackEntry> out;
  long long total = 0;
  for (size_t i = 0; i < stack.size(); ++i) {
    JsonReader e = stack.element(i);
    e.requireObject();
    if (!e.has("type")) e.fail("type", "is missing");
    StackEntry entry{enumField<LayerKind>(e, "type", kinds, LayerKind::DenseBlock), 0};
    entry.count = intField(e, "count", 1, kMaxLayers);
    total += entry.count;
    if (total > kMaxLayers) e.fail("count", "the stack exceeds " + std::to_string(kMaxLayers) + " layers");
    const bool first = i == 0, last = i + 1 == stack.size();
    if (first != (entry.kind == LayerKind::Embedding))
      e.fail("type", "the stack must start with the embedding entry, and hold it only there");
    if (last != (entry.kind == LayerKind::Head))
      e.fail("type", "the stack must end with the head entry, and hold it only there");
    if ((first || last) && entry.count != 1) e.fail("count", "an " + toString(entry.kind) + " entry has count 1");
    out.push_back(entry);
  }
  if (out.size() < 3) stack.fail("", "must hold an embedding, at least one block and a head");
  return out;
}

}  // namespace

Model parseModel(const JsonReader& r) {
  r.requireObject();
  Model m;
  m.id = lower(r.string("id"));
  if (m.id.empty()) r.fail("id", "must not be empty");
  m.name = r.string("name", m.id);
  m.source = r.string("source", "");
  m.published_params = r.number("published_params", 0.0, 1.0e15, 0.0);
  m.shape = parseShape(r.object("shape"));
  if (r.has("default_training")) m.default_training = parseTraining(r.object("default_training"));

  JsonReader stack = r.array("stack");
  std::vector<StackEntry> entries = parseStack(stack);
  const ModelShape& s = m.shape;
  std::map<LayerKind, int> typeIndex;
  for (size_t i = 0; i < entries.size(); ++i) {
    const LayerKind kind = entries[i].kind;
    JsonReader e = stack.element(i);
    if (kind == LayerKind::MoeBlock && s.experts == 0)
      e.fail("type", "'moe' blocks need shape.experts, shape.top_k and shape.expert_ffn");
    const bool usesDenseFfn = kind == LayerKind::DenseBlock && s.experts > 0;
    if (kind == LayerKind::DenseBlock) {
      const int f = usesDenseFfn ? s.dense_ffn : s.ffn;
      if (f < 1)
        e.fail("type", usesDenseFfn ? "dense blocks of an MoE model need shape.dense_ffn"
                                    : "dense blocks need shape.ffn");
    }
    if (!typeIndex.count(kind)) {
      LayerType t;
      t.id = toString(kind);
      t.kind = kind;
      t.uses_dense_ffn = usesDenseFfn;
      LayerParams p = param_count::forKind(s, kind, usesDenseFfn);
      t.params = p.params;
      t.expert_params = p.expert_params;
      typeIndex[kind] = static_cast<int>(m.layer_types.size());
      m.layer_types.push_back(t);
    }
    for (int c = 0; c < entries[i].count; ++c) m.layers.push_back(typeIndex[kind]);
  }
  if (s.experts > 0 && !typeIndex.count(LayerKind::MoeBlock))
    stack.fail("", "shape.experts is set but the stack has no 'moe' entry");
  // Last, so a file's real error is reported first: a misspelt key ("kv_head") used to be
  // ignored and its default taken, which silently priced another model.
  rejectUnknownKeys(r, {"id", "name", "source", "published_params", "shape", "default_training", "stack",
                        "schema_version", "note", "description"});
  rejectUnknownKeys(r.object("shape"),
                    {"hidden", "heads", "vocab", "attention", "mlp", "norm", "kv_heads", "head_dim", "ffn",
                     "positions", "tied_embeddings", "qk_norm", "biases", "embed_proj_dim", "experts", "top_k",
                     "expert_ffn", "shared_experts", "dense_ffn", "q_lora_rank", "kv_lora_rank",
                     "qk_nope_head_dim", "qk_rope_head_dim", "v_head_dim"});
  if (r.has("default_training"))
    rejectUnknownKeys(r.object("default_training"), {"global_batch", "sequence_length", "precision",
                                                     "activation_checkpointing", "distributed_optimizer"});
  for (size_t i = 0; i < entries.size(); ++i) rejectUnknownKeys(stack.element(i), {"type", "count"});
  return m;
}

}  // namespace arachne
