// The inter-node fabric: the catalog's per type, a node's own in a cluster file, and the
// message-size curve each gives (docs/cost-model.md §3.1), checked against the formulas by hand.
#include <QtTest>

#include <cmath>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_spec.h"
#include "cost/link_set.h"
#include "io/load_error.h"

using namespace arachne;

namespace {

double rateOf(const Composition& c, double bytes, const CostTerms& terms = {}) {
  std::vector<std::string> ids;
  for (const Node& n : c.nodes())
    if (std::find(ids.begin(), ids.end(), n.gpu_type) == ids.end()) ids.push_back(n.gpu_type);
  LinkSet links;
  links.build(GpuCatalog::builtin(), c, ids, terms);
  return links.interGbps(0, 1, bytes, 1, 1);
}

Composition cluster(const std::string& text) {
  return parseClusterJson(text, "f.cluster.json", GpuCatalog::builtin());
}

// 0.96 · b / (b + 14 µs · rail), the InfiniBand curve, at a rail of `rail` GB/s.
double infiniband(double bytes, double rail) { return rail * 0.96 * bytes / (bytes + 14e-6 * rail * 1e9); }

std::string errorOf(const std::string& text) {
  try {
    cluster(text);
  } catch (const LoadError& e) {
    return e.what();
  }
  return {};
}

}  // namespace

class TstLinkFabric : public QObject {
  Q_OBJECT

 private slots:
  void catalogNamesAFabricForEveryType() {
    for (const GpuType& t : GpuCatalog::builtin().types()) {
      QVERIFY2(t.inter_node_fabric != Fabric::Unstated, t.id.c_str());
      QVERIFY2(t.sources.count("inter_node_fabric") == 1, t.id.c_str());
    }
    QVERIFY(GpuCatalog::builtin().at("h100", "", "").inter_node_fabric == Fabric::InfiniBand);
    QVERIFY(GpuCatalog::builtin().at("a100-40", "", "").inter_node_fabric == Fabric::Efa);
  }

  void infinibandNodesFollowNcclsStepModel() {
    // DGX H100: 8 NDR rails of 50 GB/s; one flow gets one rail. Octave sizes are curve points.
    const Composition c = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":8,"count":2}]})");
    for (double b : {std::exp2(17), std::exp2(19), std::exp2(23), std::exp2(25), std::exp2(30)})
      QVERIFY2(std::abs(rateOf(c, b) - infiniband(b, 50)) < 1e-9, std::to_string(b).c_str());
    // Half the peak where the wire time equals the step latency: 700 KB at 50 GB/s.
    QVERIFY(std::abs(rateOf(c, std::exp2(30)) - 50 * 0.96 * std::exp2(30) / (std::exp2(30) + 7e5)) < 1e-9);
  }

  void otherFabricsKeepTheEfaMeasurement() {
    // AWS p4d: 4 EFA rails for 8 GPUs, 12.5 GB/s a flow; the EFA curve is 44 % at 8 MiB.
    const Composition c = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"a100-40","gpus":8,"count":2}]})");
    QVERIFY(std::abs(rateOf(c, std::exp2(23)) - 12.5 * 0.44) < 1e-9);
    QVERIFY(std::abs(rateOf(c, std::exp2(19)) - 12.5 * 0.125) < 1e-9);
  }

  void aNodeStatesItsOwnFabric() {
    // The same A100 nodes on InfiniBand (a DGX A100 cluster: 8 HDR rails of 25 GB/s).
    const Composition c = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"a100-40","gpus":8,"count":2,
        "inter_node_gbps":200,"inter_node_nics":8,"inter_node_fabric":"InfiniBand"}]})");
    QVERIFY(c.nodes()[0].inter_node_fabric == Fabric::InfiniBand);
    QVERIFY(std::abs(rateOf(c, std::exp2(23)) - infiniband(std::exp2(23), 25)) < 1e-9);
    // And an H100 node on Ethernet takes the EFA curve.
    const Composition e = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":8,"count":2,
        "inter_node_fabric":"ethernet"}]})");
    QVERIFY(std::abs(rateOf(e, std::exp2(23)) - 50 * 0.44) < 1e-9);
  }

  void withoutLinkCurvesEveryFabricIsFlat() {
    CostTerms flat;
    flat.link_curves = false;
    const Composition c = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":8,"count":2}]})");
    QVERIFY(std::abs(rateOf(c, std::exp2(19), flat) - 50 * kFlatLinkEfficiency) < 1e-9);
  }

  void theFabricRoundTripsAndBadNamesAreRefused() {
    const Composition c = cluster(R"({"schema_version":1,"nodes":[{"gpu_type":"a100-40","gpus":8,"count":2,
        "inter_node_fabric":"infiniband"},{"gpu_type":"a100-40","gpus":8}]})");
    QVERIFY(c.nodes()[2].inter_node_fabric == Fabric::Unstated);
    const std::string json = clusterToJson(c);
    QVERIFY2(json.find("\"inter_node_fabric\": \"infiniband\"") != std::string::npos, json.c_str());
    QVERIFY(cluster(json) == c);
    Composition other = c;
    other.findNode(c.nodes()[0].id)->inter_node_fabric = Fabric::Efa;
    QVERIFY(!(other == c));

    const std::string e = errorOf(R"({"schema_version":1,"nodes":[{"gpu_type":"h100","gpus":8,"inter_node_fabric":"myrinet"}]})");
    QVERIFY2(e.find("f.cluster.json") != std::string::npos && e.find("nodes[0].inter_node_fabric") != std::string::npos &&
                 e.find("infiniband") != std::string::npos, e.c_str());
    std::string ce;
    try {
      GpuCatalog::fromJson(R"({"schema_version":1,"types":[{"id":"x","memory_bytes":1e10,"bf16_tflops":1,"fp16_tflops":1,
          "fp32_tflops":1,"memory_bandwidth_gbps":1,"intra_node_gbps":1,"inter_node_gbps":1,"usual_node_size":8,
          "price_per_hour":1,"inter_node_fabric":"fast"}]})", "g.json");
    } catch (const LoadError& err) {
      ce = err.what();
    }
    QVERIFY2(ce.find("g.json") != std::string::npos && ce.find("inter_node_fabric") != std::string::npos, ce.c_str());
  }
};

QTEST_GUILESS_MAIN(TstLinkFabric)
#include "tst_link_fabric.moc"
