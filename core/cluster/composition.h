// The cluster: for each GPU type, its list of nodes (node sizes may differ).
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "cluster/node.h"
#include "network/network_profile.h"

namespace arachne {

class GpuCatalog;

class Composition {
 public:
  std::string name;         // preset name or file stem; may be empty
  std::string description;  // free text (presets document their choice here)
  // Measured or declared links (a cluster file's "network", SPEC@NETWORK); null: the catalog's
  // figures for every node. Shared, because compositions are copied freely.
  std::shared_ptr<const NetworkProfile> network;

  const std::vector<Node>& nodes() const { return nodes_; }
  // Appends a node; assigns the next free id when node.id < 0. Returns the id.
  int addNode(Node node);
  bool removeNode(int id);
  Node* findNode(int id);  // the caller may change the node, its id too
  const Node* findNode(int id) const;
  void clear() {
    nodes_.clear();
    max_id_known_ = false;
  }

  int totalGpus() const;
  int gpusOfType(const std::string& gpuType) const;
  // GPU type ids present, in order of first appearance.
  std::vector<std::string> gpuTypes() const;
  // Node sizes per type, e.g. {"h100": {4,4,4}, "a6000": {4,1}}.
  std::map<std::string, std::vector<int>> nodeSizesByType() const;
  // USD per hour of every GPU: each node's own price per GPU-hour, else its type's in the catalog.
  double pricePerHour(const GpuCatalog& catalog) const;
  // A node's price per GPU-hour: its own (a cluster file's "price_per_gpu_hour"), else the catalog's.
  static double pricePerGpuHour(const Node& n, const GpuCatalog& catalog);
  // Inter-node bandwidth of a node: its override, else the catalog's figure for its type.
  double interNodeGbps(const Node& n, const GpuCatalog& catalog) const;

  // The inline text form: TYPE:SIZExCOUNT[+SIZExCOUNT...][,TYPE:...], sizes grouped in order,
  // with "@NETWORK" appended when a named network profile is attached.
  std::string toInlineSpec() const;

  bool operator==(const Composition& o) const;

 private:
  std::vector<Node> nodes_;
  // The largest node id, so that adding a node with a new id costs no search (a 41,000-node
  // inline spec took seconds when every add scanned every node). Unknown after anything that may
  // change ids; addNode then scans once.
  mutable int max_id_ = -1;
  mutable bool max_id_known_ = false;
};

}  // namespace arachne
