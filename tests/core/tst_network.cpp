// Bandwidth curves, network profiles, their JSON round trip and errors, and Sailor's files.
#include <QtTest>

#include <fstream>

#include <cmath>

#include "catalog/gpu_catalog.h"
#include "io/load_error.h"
#include "cluster/cluster_spec.h"
#include "network/network_json.h"
#include "sailor/sailor_network.h"

using namespace arachne;

namespace {
const std::string kProviders = std::string(ARACHNE_TEST_DATA) + "/sailor/providers";

std::string errorOf(const std::string& text) {
  try {
    parseNetworkJson(text, "t.network.json", GpuCatalog::builtin());
  } catch (const LoadError& e) {
    return e.what();
  }
  return {};
}
}  // namespace

class TstNetwork : public QObject {
  Q_OBJECT

 private slots:
  void tableInterpolatesInLog2AndHoldsTheEnds() {
    BandwidthCurve c = BandwidthCurve::table({{1 << 20, 10.0}, {1 << 24, 50.0}});
    QCOMPARE(c.gbps(1 << 20), 10.0);
    QCOMPARE(c.gbps(1 << 22), 30.0);  // half-way in log2
    QCOMPARE(c.gbps(1.0), 10.0);
    QCOMPARE(c.gbps(1e12), 50.0);
    QCOMPARE(c.peakGbps(), 50.0);
    QCOMPARE(BandwidthCurve::constant(7).gbps(123), 7.0);
  }

  void sailorFitMatchesSailorsFormulaInsideItsRangeAndIsCappedOutside() {
    // A100-40 -> A100-40, one GPU, us-central1-a.
    const std::vector<double> k = {-0.0024414231124647644, 0.1408627339370467, 1.116822757126346};
    BandwidthCurve c = BandwidthCurve::sailorPolynomial(k, 2.420367713517156);
    for (double x : {17.0, 20.0, 24.0, 28.0}) {
      const double bytes = std::exp2(x);
      const double mb = x - std::log2(1e6);
      const double expect = std::min(2.420367713517156, k[0] * mb * mb + k[1] * mb + k[2]);
      QVERIFY(std::abs(c.gbps(bytes) - expect) < 1e-12);
      SailorFit f{k, 2.420367713517156e9};
      QVERIFY(std::abs(sailorSendTime(bytes, f) - bytes / 1e9 / (k[0] * mb * mb + k[1] * mb + k[2])) < 1e-15);
    }
    // Far outside the fitted range the quadratic would go negative; the curve holds its end.
    QCOMPARE(c.gbps(1e15), c.gbps(std::exp2(30)));
    QVERIFY(c.gbps(1e15) > 0);
  }

  void nicSharingDividesTheAggregate() {
    NicModel m;
    m.flows = {{1, BandwidthCurve::constant(2.4)}, {2, BandwidthCurve::constant(3.6)},
               {4, BandwidthCurve::constant(6.0)}};
    QCOMPARE(m.perFlowGbps(1, 1e6), 2.4);
    QCOMPARE(m.perFlowGbps(2, 1e6), 1.8);
    QCOMPARE(m.aggregateGbps(3, 1e6), 4.8);   // linear between measured counts
    QCOMPARE(m.perFlowGbps(4, 1e6), 1.5);
    QCOMPARE(m.aggregateGbps(8, 1e6), 6.0);   // no more than the largest measurement
    QCOMPARE(m.perFlowGbps(8, 1e6), 0.75);
  }

  void intraGroupTakesTheSmallestMeasuredGroupAtLeastAsLarge() {
    IntraModel m;
    m.groups = {{2, BandwidthCurve::constant(50)}, {4, BandwidthCurve::constant(8)},
                {8, BandwidthCurve::constant(5)}};
    QCOMPARE(m.gbps(2, 1e6), 50.0);
    QCOMPARE(m.gbps(3, 1e6), 8.0);
    QCOMPARE(m.gbps(16, 1e6), 5.0);
  }

  void jsonRoundTripsEveryForm() {
    const std::string text = R"({
      "schema_version": 1, "name": "lab", "source": "iperf 2026-11", "deployment": "25 GbE",
      "inter_node": [
        {"gpu_type": "A100-40", "latency_us": 12, "flows": [{"gpus": 1, "gbps": 2.4}, {"gpus": 4, "curve": [[1048576, 1.0], [1073741824, 6.0]]}]},
        {"gpu_type": "v100-16", "sailor_fit": {"coeffs": [0.0044, 0.0466, 0.8794], "max_gbps": 1.72}}
      ],
      "pairs": [{"gpu_types": ["a100-40", "v100-16"], "gbps": 1.7}],
      "intra_node": [{"gpu_type": "a100-40", "groups": [{"gpus": 2, "gbps": 249}, {"gpus": 4, "gbps": 243}]}]
    })";
    NetworkProfile p = parseNetworkJson(text, "lab.network.json", GpuCatalog::builtin());
    QCOMPARE(p.name, std::string("lab"));
    QVERIFY(p.interNode("a100-40"));  // alias resolved to the catalog id
    QCOMPARE(p.interNode("a100-40")->latency_s, 12e-6);
    QCOMPARE(p.interNode("a100-40")->perFlowGbps(1, 1e9), 2.4);
    QVERIFY(p.pair("v100-16", "a100-40"));
    QCOMPARE(p.pair("v100-16", "a100-40")->perFlowGbps(1, 1e6), 1.7);
    QCOMPARE(p.intraNode("a100-40")->gbps(4, 1e6), 243.0);
    NetworkProfile back = parseNetworkJson(networkToJson(p), "again", GpuCatalog::builtin());
    QCOMPARE(back, p);
  }

  void badInputNamesFileFieldAndProblem() {
    QVERIFY(errorOf(R"({"name": "x"})").find("schema_version") != std::string::npos);
    std::string e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "b300", "gbps": 5}]})");
    QVERIFY2(e.find("t.network.json") != std::string::npos && e.find("inter_node[0].gpu_type") != std::string::npos &&
                 e.find("unknown GPU type") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "gbps": -5}]})");
    QVERIFY2(e.find("inter_node[0].gbps") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "gbps": 5, "flows": [{"gpus": 1, "gbps": 5}]}]})");
    QVERIFY2(e.find("not both") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "flows": [{"gpus": 4, "gbps": 5}, {"gpus": 2, "gbps": 3}]}]})");
    QVERIFY2(e.find("inter_node[0].flows[1].gpus") != std::string::npos && e.find("increase") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "pairs": [{"gpu_types": ["h100", "h100"], "gbps": 5}]})");
    QVERIFY2(e.find("two different") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "curve": [[1000, 5], [100, 6]]}]})");
    QVERIFY2(e.find("inter_node[0].curve[1].0") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "inter_nodes": []})");
    QVERIFY2(e.find("unknown field") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 2})");
    QVERIFY2(e.find("unsupported version 2") != std::string::npos, e.c_str());
  }

  // A curve point is a rate like "gbps" and has its floor: 1e-300 GB/s priced an iteration at
  // 1e300 s as a feasible plan, and a subnormal rate left the planners without any plan.
  void curvePointsHaveTheFloorOfAConstantRate() {
    std::string e = errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "curve": [[1, 1e-300]]}]})");
    QVERIFY2(e.find("inter_node[0].curve[0].1") != std::string::npos && e.find("1e-06") != std::string::npos &&
                 e.find("1e-300") != std::string::npos, e.c_str());
    e = errorOf(R"({"schema_version": 1, "pairs": [{"gpu_types": ["h100", "a100-40"], "curve": [[1, 2], [8, 5e-7]]}]})");
    QVERIFY2(e.find("pairs[0].curve[1].1") != std::string::npos, e.c_str());
    QVERIFY(errorOf(R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "curve": [[1, 1e-6], [8, 1e5]]}]})").empty());
  }

  // A fit's maximum has a network file's range: 1e-300 B/s priced every plan at an infinite time
  // (greedy found none), and 5e14 B/s was imported as "max_gbps": 500000, which no file may hold.
  void sailorFitMaximaHaveTheRangeOfANetworkFile() {
    const auto errorOfMax = [](const std::string& max) {
      const std::string text = R"({"z": {"A100-40": {"4": {"z": {"A100-40": {"4": [[1.0], )" + max + "]}}}}}}";
      try {
        parseSailorNetwork(text, "multizone_bandwidths.json", "", "");
      } catch (const LoadError& e) {
        return std::string(e.what());
      }
      return std::string();
    };
    std::string e = errorOfMax("1e-300");
    QVERIFY2(e.find("multizone_bandwidths.json") != std::string::npos && e.find("max_bytes_per_s") != std::string::npos &&
                 e.find("1e-300") != std::string::npos, e.c_str());
    QVERIFY(!errorOfMax("5e14").empty());
    QVERIFY(errorOfMax("1e3").empty());
    QVERIFY(errorOfMax("1e14").empty());
    // What the import makes of the largest maximum loads again as a network file.
    const std::string text = R"({"z": {"A100-40": {"4": {"z": {"A100-40": {"4": [[1.0], 1e14]}}}}}})";
    const NetworkProfile p = sailorNetworkProfile(parseSailorNetwork(text, "m.json", "", ""), "z", GpuCatalog::builtin());
    QCOMPARE(parseNetworkJson(networkToJson(p), "back.network.json", GpuCatalog::builtin()), p);
  }

  void sailorFilesImportOneZone() {
    std::vector<std::string> notes;
    SailorNetwork net = loadSailorNetwork(kProviders + "/multizone_bandwidths_het.json");
    QVERIFY(net.interFit("us-central1-a", "A100-40", 4, "us-central1-a", "A100-40", 4));
    QVERIFY(net.intraFit("GH-96", 4));
    NetworkProfile p = sailorNetworkProfile(net, "us-central1-a", GpuCatalog::builtin(), &notes);
    // A100-40 VMs: at most 2.4 GB/s with one GPU sending, 6.0 GB/s with four (domain-facts §2.1).
    const NicModel* a100 = p.interNode("a100-40");
    QVERIFY(a100);
    QCOMPARE(int(a100->flows.size()), 3);
    QVERIFY(std::abs(a100->flows[0].second.sailorMaxGbps() - 2.42) < 0.01);
    QVERIFY(std::abs(a100->flows[2].second.sailorMaxGbps() - 6.04) < 0.01);
    // The fit, not the maximum, sets the rate at a given size: 1 GB with one GPU sending.
    const double x = std::log2(1e9 / 1e6);
    QVERIFY(std::abs(a100->aggregateGbps(1, 1e9) -
                     (-0.0024414231124647644 * x * x + 0.1408627339370467 * x + 1.116822757126346)) < 1e-3);
    // GH200 nodes reach 92.6 GB/s with four GPUs; the GH200 <-> A100 pair only 2.4.
    QVERIFY(std::abs(p.interNode("gh200")->flows.back().second.sailorMaxGbps() - 92.55) < 0.05);
    QVERIFY(p.pair("gh200", "a100-40"));
    const double pairRate = p.pair("gh200", "a100-40")->aggregateGbps(4, 1 << 28);
    QVERIFY2(pairRate > 1.5 && pairRate < 2.43, std::to_string(pairRate).c_str());
    QVERIFY(p.intraNode("a100-40"));
    QVERIFY(std::abs(p.intraNode("a100-40")->groups.front().second.sailorMaxGbps() - 248.88) < 0.01);
    // The same file through the generic loader.
    NetworkProfile viaFile = loadNetworkFile(kProviders + "/multizone_bandwidths_het.json", GpuCatalog::builtin());
    QCOMPARE(viaFile, p);
    QVERIFY_THROWS_EXCEPTION(LoadError, sailorNetworkProfile(net, "mars-1", GpuCatalog::builtin()));
  }

  void clusterFilesCarryANetworkAndRoundTrip() {
    const std::string text = R"({"schema_version": 1, "name": "lab",
      "network": {"name": "lab-net", "inter_node": [{"gpu_type": "h100", "flows": [{"gpus": 1, "gbps": 12.5}, {"gpus": 8, "gbps": 100}]}]},
      "nodes": [{"gpu_type": "h100", "gpus": 8, "count": 2, "inter_node_nics": 8}]})";
    Composition c = parseClusterJson(text, "lab.cluster.json", GpuCatalog::builtin());
    QVERIFY(c.network);
    QCOMPARE(c.network->name, std::string("lab-net"));
    QCOMPARE(c.nodes()[0].inter_node_nics, 8);
    QVERIFY(c.toInlineSpec().find("@lab-net") != std::string::npos);
    Composition back = parseClusterJson(clusterToJson(c), "again", GpuCatalog::builtin());
    QVERIFY(back == c);
    // A network named in the file that is neither a profile nor a file is an error on "network".
    std::string e;
    try {
      parseClusterJson(R"({"schema_version": 1, "network": "no-such-net", "nodes": [{"gpu_type": "h100", "gpus": 8}]})",
                       "x.cluster.json", GpuCatalog::builtin());
    } catch (const LoadError& err) {
      e = err.what();
    }
    QVERIFY2(e.find("x.cluster.json") != std::string::npos && e.find("'network'") != std::string::npos &&
                 e.find("no-such-net") != std::string::npos, e.c_str());
  }

  // A network file without a name is named by its path: the cluster line a report prints
  // (SPEC@NAME) then finds the file again; its stem, "lab.network", named nothing.
  void anUnnamedFileIsNamedByItsPath() {
    QTemporaryDir dir;
    const std::string path = dir.filePath("lab.network.json").toStdString();
    {
      std::ofstream f(path);
      f << R"({"schema_version": 1, "inter_node": [{"gpu_type": "h100", "gbps": 12.5}]})";
    }
    const Composition c = resolveCluster("h100:8x2@" + path, GpuCatalog::builtin());
    QVERIFY(c.network);
    QCOMPARE(c.network->name, path);
    const std::string spec = c.toInlineSpec();
    QCOMPARE(spec, "h100:8x2@" + path);
    QVERIFY(resolveCluster(spec, GpuCatalog::builtin()) == c);
  }

  void specAtNetworkAttachesAFileOrABuiltInProfile() {
    Composition c = resolveCluster("a100-40:4x2@" + kProviders + "/multizone_bandwidths_het.json", GpuCatalog::builtin());
    QVERIFY(c.network);
    QVERIFY(c.network->interNode("a100-40"));
    QCOMPARE(c.totalGpus(), 8);
    for (const std::string& n : networkProfileNames()) {
      Composition p = resolveCluster("paper-2t-64@" + n, GpuCatalog::builtin());
      QVERIFY(p.network);
      QCOMPARE(p.network->name, n);
    }
    QVERIFY(!networkProfileNames().empty());
    QVERIFY_THROWS_EXCEPTION(LoadError, resolveCluster("a100-40:4x2@", GpuCatalog::builtin()));
    QVERIFY_THROWS_EXCEPTION(LoadError, resolveCluster("a100-40:4x2@nowhere-net", GpuCatalog::builtin()));
  }
};

QTEST_APPLESS_MAIN(TstNetwork)
#include "tst_network.moc"
