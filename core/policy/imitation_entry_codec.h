// Imitation entries as bytes, so the ranks of a distributed training run share the plans they found.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "policy/imitation_buffer.h"

namespace arachne {

// Appends little-endian fixed-size values and length-prefixed arrays to a byte string.
class ByteWriter {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<char>(v)); }
  void u32(std::uint32_t v);
  void i64(std::int64_t v);
  void f64(double v);
  void f32(float v);
  void text(const std::string& s);
  void floats(const std::vector<float>& v);
  void bytes(const std::vector<std::uint8_t>& v);
  const std::string& data() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

// Reads what ByteWriter wrote; throws std::runtime_error("…: truncated message") on a short or
// inconsistent buffer (a peer of another build, a cut connection) instead of reading past it.
class ByteReader {
 public:
  explicit ByteReader(const std::string& in) : in_(in) {}
  std::uint8_t u8();
  std::uint32_t u32();
  std::int64_t i64();
  double f64();
  float f32();
  std::string text();
  std::vector<float> floats();
  std::vector<std::uint8_t> bytes();
  bool done() const { return pos_ == in_.size(); }

 private:
  void need(size_t n);
  const std::string& in_;
  size_t pos_ = 0;
};

// Every field of the entry and of its decisions. Decisions of one step share their state and
// summary vectors; they are written once per entry and shared again when read.
void writeImitationEntry(ByteWriter& out, const ImitationEntry& entry);
ImitationEntry readImitationEntry(ByteReader& in);

}  // namespace arachne
