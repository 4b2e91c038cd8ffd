// Imitation entries to bytes and back (distributed training's exchange of found plans).
#include "policy/imitation_entry_codec.h"

#include <cstring>
#include <map>
#include <memory>
#include <stdexcept>

namespace arachne {

namespace {

template <typename T>
void put(std::string& out, T v) {
  char raw[sizeof(T)];
  std::memcpy(raw, &v, sizeof(T));  // x86-64 and aarch64 are little-endian; so is every peer
  out.append(raw, sizeof(T));
}

// Far above any real entry (a few thousand floats), far below what would exhaust memory.
constexpr std::uint32_t kMaxCount = 1u << 24;

}  // namespace

void ByteWriter::u32(std::uint32_t v) { put(out_, v); }
void ByteWriter::i64(std::int64_t v) { put(out_, v); }
void ByteWriter::f64(double v) { put(out_, v); }
void ByteWriter::f32(float v) { put(out_, v); }
void ByteWriter::text(const std::string& s) {
  u32(static_cast<std::uint32_t>(s.size()));
  out_.append(s);
}
void ByteWriter::floats(const std::vector<float>& v) {
  u32(static_cast<std::uint32_t>(v.size()));
  if (!v.empty()) out_.append(reinterpret_cast<const char*>(v.data()), v.size() * sizeof(float));
}
void ByteWriter::bytes(const std::vector<std::uint8_t>& v) {
  u32(static_cast<std::uint32_t>(v.size()));
  if (!v.empty()) out_.append(reinterpret_cast<const char*>(v.data()), v.size());
}

void ByteReader::need(size_t n) {
  if (in_.size() - pos_ < n) throw std::runtime_error("distributed training: a peer's message is truncated");
}
std::uint8_t ByteReader::u8() {
  need(1);
  return static_cast<std::uint8_t>(in_[pos_++]);
}
#define ARACHNE_READ(T)                              \
  need(sizeof(T));                                   \
  T v;                                               \
  std::memcpy(&v, in_.data() + pos_, sizeof(T));     \
  pos_ += sizeof(T);                                 \
  return v
std::uint32_t ByteReader::u32() { ARACHNE_READ(std::uint32_t); }
std::int64_t ByteReader::i64() { ARACHNE_READ(std::int64_t); }
double ByteReader::f64() { ARACHNE_READ(double); }
float ByteReader::f32() { ARACHNE_READ(float); }
#undef ARACHNE_READ
std::string ByteReader::text() {
  const std::uint32_t n = u32();
  need(n);
  std::string s = in_.substr(pos_, n);
  pos_ += n;
  return s;
}
std::vector<float> ByteReader::floats() {
  const std::uint32_t n = u32();
  if (n > kMaxCount) throw std::runtime_error("distributed training: a peer's message has an impossible size");
  need(static_cast<size_t>(n) * sizeof(float));
  std::vector<float> v(n);
  if (n > 0) std::memcpy(v.data(), in_.data() + pos_, n * sizeof(float));  // an empty vector's data() may be null
  pos_ += n * sizeof(float);
  return v;
}
std::vector<std::uint8_t> ByteReader::bytes() {
  const std::uint32_t n = u32();
  need(n);
  std::vector<std::uint8_t> v(in_.begin() + static_cast<std::ptrdiff_t>(pos_),
                              in_.begin() + static_cast<std::ptrdiff_t>(pos_ + n));
  pos_ += n;
  return v;
}

void writeImitationEntry(ByteWriter& out, const ImitationEntry& entry) {
  out.text(entry.composition_key);
  out.floats(entry.summary);
  out.u32(static_cast<std::uint32_t>(entry.depth));
  out.f64(entry.return_value);
  // The distinct state / summary vectors, in first-use order; each decision names its two.
  std::map<const std::vector<float>*, std::uint32_t> index;
  std::vector<const std::vector<float>*> shared;
  auto slot = [&](const std::shared_ptr<const std::vector<float>>& v) -> std::uint32_t {
    if (!v) return UINT32_MAX;
    auto [it, fresh] = index.emplace(v.get(), static_cast<std::uint32_t>(shared.size()));
    if (fresh) shared.push_back(v.get());
    return it->second;
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> refs;
  for (const PolicyDecision& d : entry.decisions) refs.emplace_back(slot(d.state), slot(d.summary));
  out.u32(static_cast<std::uint32_t>(shared.size()));
  for (const auto* v : shared) out.floats(*v);
  out.u32(static_cast<std::uint32_t>(entry.decisions.size()));
  for (size_t i = 0; i < entry.decisions.size(); ++i) {
    const PolicyDecision& d = entry.decisions[i];
    out.u8(static_cast<std::uint8_t>(d.kind));
    out.u32(refs[i].first);
    out.u32(refs[i].second);
    out.floats(d.context);
    out.floats(d.candidates);
    out.bytes(d.mask);
    out.u32(static_cast<std::uint32_t>(d.action));
    out.f32(d.log_prob);
    out.u8(d.exploratory ? 1 : 0);
  }
}

ImitationEntry readImitationEntry(ByteReader& in) {
  ImitationEntry e;
  e.composition_key = in.text();
  e.summary = in.floats();
  e.depth = static_cast<int>(in.u32());
  e.return_value = in.f64();
  const std::uint32_t sharedCount = in.u32();
  if (sharedCount > kMaxCount) throw std::runtime_error("distributed training: a peer's message has an impossible size");
  std::vector<std::shared_ptr<const std::vector<float>>> shared;
  for (std::uint32_t i = 0; i < sharedCount; ++i) shared.push_back(std::make_shared<const std::vector<float>>(in.floats()));
  auto pick = [&](std::uint32_t i) -> std::shared_ptr<const std::vector<float>> {
    if (i == UINT32_MAX) return nullptr;
    if (i >= shared.size()) throw std::runtime_error("distributed training: a peer's message names a missing state");
    return shared[i];
  };
  const std::uint32_t count = in.u32();
  if (count > kMaxCount) throw std::runtime_error("distributed training: a peer's message has an impossible size");
  e.decisions.reserve(count);
  for (std::uint32_t i = 0; i < count; ++i) {
    PolicyDecision d;
    const std::uint8_t kind = in.u8();
    if (kind > static_cast<std::uint8_t>(DecisionKind::Replicas))
      throw std::runtime_error("distributed training: a peer's message has an unknown decision kind");
    d.kind = static_cast<DecisionKind>(kind);
    d.state = pick(in.u32());
    d.summary = pick(in.u32());
    d.context = in.floats();
    d.candidates = in.floats();
    d.mask = in.bytes();
    d.action = static_cast<int>(in.u32());
    d.log_prob = in.f32();
    d.exploratory = in.u8() != 0;
    e.decisions.push_back(std::move(d));
  }
  return e;
}

}  // namespace arachne
