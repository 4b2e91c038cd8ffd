// Sailor's llm_info.json: per-layer parameter and activation sizes per model and TP degree.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace arachne {

// One layer index of one model at one TP degree, as measured by Sailor's profiling hooks on one
// GPU of the TP group with micro-batch 1.
struct SailorLayerFigures {
  double params = 0;            // params_floats: parameters held by the GPU
  double act_output_floats = 0; // elements of the tensor the layer hands on (whole tensor)
  double act_mem_floats = 0;    // elements of memory still allocated after the layer's forward,
                                // i.e. stashed for backward, per sample
};

class SailorLayerInfo {
 public:
  // Parses {model: {tp: {layer_idx: {params_floats, act_output_floats, act_mem_floats, ...}}}};
  // layer indices must run 0..n-1 without gaps. Throws LoadError naming the field.
  static SailorLayerInfo fromJson(const std::string& text, const std::string& fileLabel);
  static SailorLayerInfo load(const std::string& path);

  // Layers of a model at a TP degree, in index order; nullptr when not measured.
  const std::vector<SailorLayerFigures>* layers(const std::string& sailorModel, int tp) const;
  std::vector<std::string> models() const;
  std::vector<int> tpDegrees(const std::string& sailorModel) const;
  const std::string& file() const { return file_; }

 private:
  std::map<std::string, std::map<int, std::vector<SailorLayerFigures>>> data_;
  std::string file_;
};

}  // namespace arachne
