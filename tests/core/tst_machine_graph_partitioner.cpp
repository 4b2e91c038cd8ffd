// The balanced min-cut partitioner of HexiScale's graphs: balance within METIS's tolerance on
// random graphs, never a worse cut than its own starting point, machines kept whole when links
// inside them are heavy and spread when links between them are.
#include <QtTest>

#include <cmath>
#include <random>

#include "planning/machine_graph_partitioner.h"

using namespace arachne;

namespace {

MachineGraph randomGraph(std::mt19937& rng) {
  MachineGraph g;
  const int machines = std::uniform_int_distribution<int>(1, 12)(rng);
  for (int m = 0; m < machines; ++m) {
    const int size = std::uniform_int_distribution<int>(1, 8)(rng);
    g.weight.push_back(std::vector<double>{1, 2, 3, 6}[std::uniform_int_distribution<size_t>(0, 3)(rng)]);
    g.intra_edge.push_back(std::uniform_int_distribution<int>(0, 100)(rng));
    for (int i = 0; i < size; ++i) g.machine.push_back(m);
  }
  g.inter_edge = std::uniform_int_distribution<int>(0, 100)(rng);
  return g;
}

// The starting point the partitioner documents: devices in order, cut at k-ths of the weight.
std::vector<int> contiguous(const MachineGraph& g, int k) {
  double total = 0, before = 0;
  for (int m : g.machine) total += g.weight[static_cast<size_t>(m)];
  std::vector<int> parts;
  for (int m : g.machine) {
    const double w = g.weight[static_cast<size_t>(m)];
    parts.push_back(std::min(k - 1, static_cast<int>(std::floor((before + w / 2) * k / total))));
    before += w;
  }
  return parts;
}

MachineGraph uniform(int machines, int size, double intra, double inter) {
  MachineGraph g;
  for (int m = 0; m < machines; ++m) {
    g.weight.push_back(1);
    g.intra_edge.push_back(intra);
    for (int i = 0; i < size; ++i) g.machine.push_back(m);
  }
  g.inter_edge = inter;
  return g;
}

}  // namespace

class TstMachineGraphPartitioner : public QObject {
  Q_OBJECT
 private slots:
  void balancedAndNeverWorseThanItsStartOnRandomGraphs() {
    std::mt19937 rng(7);
    for (int trial = 0; trial < 300; ++trial) {
      const MachineGraph g = randomGraph(rng);
      const int n = static_cast<int>(g.machine.size());
      const int k = std::uniform_int_distribution<int>(1, std::min(n, 10))(rng);
      const std::vector<int> parts = MachineGraphPartitioner::partition(g, k);
      QCOMPARE(static_cast<int>(parts.size()), n);
      double total = 0, heaviest = 0;
      for (int m : g.machine) {
        total += g.weight[static_cast<size_t>(m)];
        heaviest = std::max(heaviest, g.weight[static_cast<size_t>(m)]);
      }
      int count = 0;
      for (int p : parts) count = std::max(count, p + 1);
      QVERIFY(count <= k);
      std::vector<double> load(static_cast<size_t>(count), 0);
      for (int d = 0; d < n; ++d) load[static_cast<size_t>(parts[static_cast<size_t>(d)])] += g.weight[static_cast<size_t>(g.machine[static_cast<size_t>(d)])];
      const double bound = std::max(MachineGraphPartitioner::kImbalance * total / k, total / k + heaviest);
      for (double l : load) {
        QVERIFY(l > 0);  // parts are numbered without gaps
        QVERIFY2(l <= bound + 1e-9, qPrintable(QString("trial %1: part weight %2 over %3").arg(trial).arg(l).arg(bound)));
      }
      QVERIFY(MachineGraphPartitioner::cutWeight(g, parts) <= MachineGraphPartitioner::cutWeight(g, contiguous(g, k)) + 1e-9);
    }
  }

  void heavyLinksInsideMachinesKeepThemWhole() {
    const MachineGraph g = uniform(4, 4, 100, 1);
    const std::vector<int> four = MachineGraphPartitioner::partition(g, 4);
    for (int d = 0; d < 16; ++d) QCOMPARE(four[static_cast<size_t>(d)], d / 4);
    const std::vector<int> two = MachineGraphPartitioner::partition(g, 2);
    for (int d = 0; d < 16; ++d) QCOMPARE(two[static_cast<size_t>(d)], d / 8);
  }

  void heavyLinksBetweenMachinesSpreadThem() {
    // HexiScale's first cut: reverse bandwidths, free inside a machine, costly across.
    const MachineGraph g = uniform(2, 4, 0, 1);
    const std::vector<int> parts = MachineGraphPartitioner::partition(g, 2);
    for (int p = 0; p < 2; ++p)
      for (int m = 0; m < 2; ++m) {
        int n = 0;
        for (int d = 0; d < 8; ++d) n += parts[static_cast<size_t>(d)] == p && g.machine[static_cast<size_t>(d)] == m;
        QCOMPARE(n, 2);
      }
    // The cut of that spread: 2 x 2 pairs inside each machine, free; 8 across, one per pair of
    // devices of different machines in different parts.
    QCOMPARE(MachineGraphPartitioner::cutWeight(g, parts), 8.0);
  }

  void allZeroWeightsLeaveTheContiguousCut() {
    const MachineGraph g = uniform(3, 4, 0, 0);
    QCOMPARE(MachineGraphPartitioner::partition(g, 3), contiguous(g, 3));
  }
};

QTEST_GUILESS_MAIN(TstMachineGraphPartitioner)
#include "tst_machine_graph_partitioner.moc"
