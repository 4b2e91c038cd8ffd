// PolicyInference's forward pass: PolicyNetwork's layers as plain loops, batched by rows.
#include "policy/policy_inference.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

namespace arachne {

namespace {

constexpr double kMasked = -std::numeric_limits<double>::infinity();
// Rows that share each weight row while it is in cache.
constexpr int kRowBlock = 2;

int headOf(DecisionKind k) {
  switch (k) {
    case DecisionKind::Tp: return 0;
    case DecisionKind::Layers: return 1;
    case DecisionKind::MicroBatch: return 2;
    case DecisionKind::Replicas: return 3;
    default: return -1;
  }
}

void filmInPlace(float* x, const std::vector<float>& scale1, const std::vector<float>& shift) {
  for (size_t i = 0; i < scale1.size(); ++i) x[i] = x[i] * scale1[i] + shift[i];
}

// Rows of a matrix kept contiguous, with the row pointers Linear::apply takes.
struct Rows {
  int width = 0;
  std::vector<float> data;
  std::vector<float*> ptr;
  Rows(int n, int w) : width(w), data(static_cast<size_t>(n) * static_cast<size_t>(w)), ptr(static_cast<size_t>(n)) {
    for (int r = 0; r < n; ++r) ptr[static_cast<size_t>(r)] = data.data() + static_cast<size_t>(r) * static_cast<size_t>(w);
  }
  const float* const* in() const { return ptr.data(); }
  float* const* out() { return ptr.data(); }
  float* row(int r) { return ptr[static_cast<size_t>(r)]; }
};

}  // namespace

namespace {

// y rows [r0, r0 + R) of outputs [o0, o0 + C): accumulators kept in registers while every input
// is added in input order (a zero input adds nothing and is skipped, in every block alike).
template <int R, int C>
void block(const PolicyInference::Linear& l, int r0, int o0, const float* const* x, float* const* y) {
  float acc[R][C];
  for (int r = 0; r < R; ++r)
    for (int k = 0; k < C; ++k) acc[r][k] = l.b[static_cast<size_t>(o0 + k)];
  const size_t o = static_cast<size_t>(l.out);
  for (int i = 0; i < l.in; ++i) {
    const float* __restrict w = l.wt.data() + static_cast<size_t>(i) * o + static_cast<size_t>(o0);
    for (int r = 0; r < R; ++r) {
      const float xi = x[r0 + r][i];
      if (xi == 0.0f) continue;  // one-hot and empty-slot inputs: most of the state is zeros
      for (int k = 0; k < C; ++k) acc[r][k] += xi * w[k];
    }
  }
  for (int r = 0; r < R; ++r)
    for (int k = 0; k < C; ++k) y[r0 + r][o0 + k] = acc[r][k];
}

// Any block shape (the narrow output layers), the same order of additions.
void anyBlock(const PolicyInference::Linear& l, int r0, int nr, int o0, int nc, const float* const* x,
              float* const* y) {
  for (int r = r0; r < r0 + nr; ++r)
    for (int k = o0; k < o0 + nc; ++k) y[r][k] = l.b[static_cast<size_t>(k)];
  const size_t o = static_cast<size_t>(l.out);
  for (int i = 0; i < l.in; ++i) {
    const float* w = l.wt.data() + static_cast<size_t>(i) * o;
    for (int r = r0; r < r0 + nr; ++r) {
      const float xi = x[r][i];
      if (xi == 0.0f) continue;
      for (int k = o0; k < o0 + nc; ++k) y[r][k] += xi * w[k];
    }
  }
}

}  // namespace

void PolicyInference::Linear::apply(int rows, const float* const* x, float* const* y) const {
  constexpr int kCols = 16;
  for (int r0 = 0; r0 < rows; r0 += kRowBlock) {
    const int nr = std::min(kRowBlock, rows - r0);
    int o0 = 0;
    for (; o0 + kCols <= out; o0 += kCols) {
      if (nr == kRowBlock)
        block<kRowBlock, kCols>(*this, r0, o0, x, y);
      else
        for (int r = r0; r < r0 + nr; ++r) block<1, kCols>(*this, r, o0, x, y);
    }
    if (o0 < out) anyBlock(*this, r0, nr, o0, out - o0, x, y);
  }
}

void PolicyInference::encode(int n, const float* const* states, float* h) const {
  const int H = config_.hidden;
  Rows h1(n, H);
  layer1_.apply(n, states, h1.out());
  for (int r = 0; r < n; ++r) {
    float* v = h1.row(r);
    filmInPlace(v, film_[0].scale1, film_[0].shift);
    for (int i = 0; i < H; ++i) v[i] = std::max(0.0f, v[i]);
  }
  std::vector<float*> outRows(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) outRows[static_cast<size_t>(r)] = h + static_cast<size_t>(r) * static_cast<size_t>(H);
  layer2_.apply(n, h1.in(), outRows.data());
  for (int r = 0; r < n; ++r) {
    float* v = outRows[static_cast<size_t>(r)];
    filmInPlace(v, film_[1].scale1, film_[1].shift);
    const float* skip = h1.row(r);
    for (int i = 0; i < H; ++i) v[i] = std::max(0.0f, v[i]) + skip[i];
  }
}

void PolicyInference::logits(DecisionKind kind, int n, const float* const* h, const PolicyDecision* const* d,
                             double* const* out, CandidateCache* cache) const {
  if (n <= 0) return;
  if (kind == DecisionKind::Depth || kind == DecisionKind::Device) {
    candidateLogits(n, h, d, out, kind == DecisionKind::Device, cache);
    return;
  }
  const int head = headOf(kind);
  if (head < 0 || (head > 0 && !config_.flat))
    throw std::invalid_argument("policy inference: no such head in an " + std::string(config_.plannerName()) + " network");
  mlpHeadLogits(head, n, h, d, out);
}

// Depth and device heads: a query from the state (and, for devices, the stage context) added to
// each candidate's own transform, FiLM, tanh, one logit per candidate.
void PolicyInference::candidateLogits(int n, const float* const* h, const PolicyDecision* const* d,
                                      double* const* out, bool device, CandidateCache* cache) const {
  const int H = config_.hidden, E = config_.head_hidden;
  const Linear& query = device ? device_query_ : depth_query_;
  const Linear& cand1 = device ? device_cand1_ : depth_cand1_;
  const Linear& cand2 = device ? device_cand2_ : depth_cand2_;
  const Linear& outLayer = device ? device_out_ : depth_out_;
  const Film& film = film_[device ? 3 : 2];
  const int rowSize = device ? layout_.deviceCandidateSize() : layout_.depthCandidateSize();
  const int ctxSize = device ? layout_.stageContextSize() : 0;

  Rows qin(n, H + ctxSize), q(n, E);
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(d[r]->context.size()) != ctxSize ||
        d[r]->candidates.size() != d[r]->mask.size() * static_cast<size_t>(rowSize))
      throw std::invalid_argument("policy inference: a decision's context or candidates do not fit its head");
    std::copy(h[r], h[r] + H, qin.row(r));
    if (device) std::copy(d[r]->context.begin(), d[r]->context.end(), qin.row(r) + H);
  }
  query.apply(n, qin.in(), q.out());

  // The candidates every mask allows, over all decisions.
  std::vector<const float*> cand;
  std::vector<int> owner;
  for (int r = 0; r < n; ++r) {
    const auto& mask = d[r]->mask;
    for (size_t c = 0; c < mask.size(); ++c) {
      out[r][c] = kMasked;
      if (!mask[c]) continue;
      cand.push_back(d[r]->candidates.data() + c * static_cast<size_t>(rowSize));
      owner.push_back(r);
    }
  }
  const int m = static_cast<int>(cand.size());
  // Each candidate's own transform, from the cache where it has it, the rest in one batch.
  std::vector<const float*> own(static_cast<size_t>(m));
  std::vector<std::string> keys;
  std::vector<int> missing;  // candidates to compute
  const size_t rowBytes = static_cast<size_t>(rowSize) * sizeof(float);
  for (int i = 0; i < m; ++i) {
    if (cache) {
      std::string k(1, device ? 'v' : 'd');
      k.append(reinterpret_cast<const char*>(cand[static_cast<size_t>(i)]), rowBytes);
      const auto it = cache->rows.find(k);
      if (it != cache->rows.end()) {
        own[static_cast<size_t>(i)] = it->second.data();
        continue;
      }
      keys.push_back(std::move(k));
    }
    missing.push_back(i);
  }
  const int nm = static_cast<int>(missing.size());
  std::vector<const float*> missingRows;
  for (int i : missing) missingRows.push_back(cand[static_cast<size_t>(i)]);
  Rows c1(nm, E), c2(nm, E), u(m, E), logit(m, 1);
  cand1.apply(nm, missingRows.data(), c1.out());
  for (float& v : c1.data) v = std::tanh(v);
  cand2.apply(nm, c1.in(), c2.out());
  for (int j = 0; j < nm; ++j) {
    own[static_cast<size_t>(missing[static_cast<size_t>(j)])] = c2.row(j);
    if (cache && cache->rows.size() < cache->capacity)
      cache->rows.emplace(std::move(keys[static_cast<size_t>(j)]), std::vector<float>(c2.row(j), c2.row(j) + E));
  }
  for (int i = 0; i < m; ++i) {
    float* ui = u.row(i);
    const float* ci = own[static_cast<size_t>(i)];
    const float* qr = q.row(owner[static_cast<size_t>(i)]);
    for (int k = 0; k < E; ++k)
      ui[k] = std::tanh((qr[k] + ci[k]) * film.scale1[static_cast<size_t>(k)] + film.shift[static_cast<size_t>(k)]);
  }
  outLayer.apply(m, u.in(), logit.out());
  size_t i = 0;
  for (int r = 0; r < n; ++r) {
    const auto& mask = d[r]->mask;
    for (size_t c = 0; c < mask.size(); ++c)
      if (mask[c]) out[r][c] = static_cast<double>(logit.row(static_cast<int>(i++))[0]);
  }
}

// TP and flat-rl's heads: (state, context[, chosen type's row]) -> FiLM -> two ReLU layers.
void PolicyInference::mlpHeadLogits(int head, int n, const float* const* h, const PolicyDecision* const* d,
                                    double* const* out) const {
  const int H = config_.hidden, E = config_.head_hidden;
  const Linear& in = head_in_[head];
  const Linear& hidden = head_hidden_[head];
  const Linear& outLayer = head_out_[head];
  const Film& film = film_[4 + head];
  Rows x(n, in.in), a(n, E), b(n, E), y(n, outLayer.out);
  for (int r = 0; r < n; ++r) {
    if (static_cast<int>(H + d[r]->context.size() + (head == 0 ? d[r]->candidates.size() : 0)) != in.in)
      throw std::invalid_argument("policy inference: a decision's context and candidates do not fit its head");
    float* row = std::copy(h[r], h[r] + H, x.row(r));
    row = std::copy(d[r]->context.begin(), d[r]->context.end(), row);
    if (head == 0) std::copy(d[r]->candidates.begin(), d[r]->candidates.end(), row);  // the chosen type's row
  }
  in.apply(n, x.in(), a.out());
  for (int r = 0; r < n; ++r) {
    float* v = a.row(r);
    filmInPlace(v, film.scale1, film.shift);
    for (int k = 0; k < E; ++k) v[k] = std::max(0.0f, v[k]);
  }
  hidden.apply(n, a.in(), b.out());
  for (float& v : b.data) v = std::max(0.0f, v);
  outLayer.apply(n, b.in(), y.out());
  for (int r = 0; r < n; ++r) {
    const auto& mask = d[r]->mask;
    if (static_cast<int>(mask.size()) != outLayer.out)
      throw std::invalid_argument("policy inference: a decision's mask does not fit its head");
    for (size_t c = 0; c < mask.size(); ++c) out[r][c] = mask[c] ? static_cast<double>(y.row(r)[c]) : kMasked;
  }
}

}  // namespace arachne
