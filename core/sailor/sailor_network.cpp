// Reading Sailor's network files and turning one zone of them into a NetworkProfile.
#include "sailor/sailor_network.h"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "catalog/gpu_catalog.h"
#include "io/json_reader.h"
#include "io/load_error.h"
#include "network/bandwidth_curve.h"
#include "sailor/sailor_json.h"
#include "sailor/sailor_names.h"

namespace arachne {

namespace {

constexpr int kMaxGpuCount = 1024;

SailorFit readFit(const JsonReader& parent, const std::string& key) {
  const JsonReader e = parent.array(key);
  if (e.size() != 2) parent.fail(key, "must be [[coefficients], max_bytes_per_s], got " + std::to_string(e.size()) + " elements");
  const JsonReader coeffs = e.element(0);
  coeffs.requireArray();
  if (coeffs.size() == 0 || coeffs.size() > 8)
    coeffs.fail("", "a fit needs 1 to 8 coefficients, got " + std::to_string(coeffs.size()));
  SailorFit f;
  for (size_t i = 0; i < coeffs.size(); ++i) {
    const auto& v = coeffs.value()[i];
    if (!v.is_number() || !std::isfinite(v.get<double>()))
      coeffs.fail(std::to_string(i), "must be a finite number");
    f.coeffs.push_back(v.get<double>());
  }
  // The range of a *.network.json rate (1e-06 … 1e5 GB/s): what `networks --import` writes must
  // load again, and a maximum of 1e-300 B/s priced iterations at astronomic or infinite times.
  const auto& mx = e.value()[1];
  if (!mx.is_number() || !(mx.get<double>() >= kMinLinkGbps * 1e9) || !(mx.get<double>() <= kMaxLinkGbps * 1e9))
    e.fail("1", "max_bytes_per_s must be a number of bytes/s between 1000 and 1e14, got " + JsonReader::shortValue(mx));
  f.max_bytes_per_s = mx.get<double>();
  return f;
}

template <typename F>
void forEachMember(const JsonReader& r, F f) {
  r.requireObject();
  for (auto it = r.value().begin(); it != r.value().end(); ++it) f(it.key());
}

BandwidthCurve curveOf(const SailorFit& f, const std::string& what) {
  BandwidthCurve c = BandwidthCurve::sailorPolynomial(f.coeffs, f.max_bytes_per_s / 1e9);
  c.origin = what;
  return c;
}

// The slower of two curves point by point (the two directions of one pair).
BandwidthCurve slower(const BandwidthCurve& a, const BandwidthCurve& b) {
  if (a == b) return a;
  std::vector<std::pair<double, double>> pts;
  for (const auto& [x, g] : a.points()) {
    const double bytes = std::exp2(x);
    pts.emplace_back(bytes, std::min(g, b.gbps(bytes)));
  }
  BandwidthCurve c = BandwidthCurve::table(std::move(pts));
  c.origin = a.origin;
  return c;
}

}  // namespace

const SailorFit* SailorNetwork::interFit(const std::string& sz, const std::string& sg, int sn,
                                         const std::string& rz, const std::string& rg, int rn) const {
  auto a = inter.find(sz);
  if (a == inter.end()) return nullptr;
  auto b = a->second.find(sg);
  if (b == a->second.end()) return nullptr;
  auto c = b->second.find(sn);
  if (c == b->second.end()) return nullptr;
  auto d = c->second.find(rz);
  if (d == c->second.end()) return nullptr;
  auto e = d->second.find(rg);
  if (e == d->second.end()) return nullptr;
  auto f = e->second.find(rn);
  return f == e->second.end() ? nullptr : &f->second;
}

const SailorFit* SailorNetwork::intraFit(const std::string& gpu, int count) const {
  auto a = intra.find(gpu);
  if (a == intra.end()) return nullptr;
  auto b = a->second.find(count);
  return b == a->second.end() ? nullptr : &b->second;
}

std::vector<std::string> SailorNetwork::zones() const {
  std::vector<std::string> z;
  for (const auto& [k, v] : inter) z.push_back(k);
  return z;
}

double sailorSendTime(double bytes, const SailorFit& fit) {
  if (bytes <= 0 || fit.coeffs.empty()) return 0;
  const double x = std::log2(bytes) - std::log2(1000000.0);
  double bw = fit.coeffs[0];
  for (size_t i = 1; i < fit.coeffs.size(); ++i) bw = bw * x + fit.coeffs[i];
  return (bytes / 1e9) / bw;
}

SailorNetwork parseSailorNetwork(const std::string& interText, const std::string& interLabel,
                                 const std::string& intraText, const std::string& intraLabel) {
  SailorNetwork net;
  const nlohmann::json interRoot = JsonReader::parse(interText, interLabel);
  const JsonReader r(interRoot, interLabel);
  forEachMember(r, [&](const std::string& sz) {
    const JsonReader zr = r.object(sz);
    forEachMember(zr, [&](const std::string& sg) {
      const JsonReader gr = zr.object(sg);
      forEachMember(gr, [&](const std::string& snKey) {
        const int sn = parseSailorInt(gr, snKey, 1, kMaxGpuCount, "GPU count");
        const JsonReader nr = gr.object(snKey);
        forEachMember(nr, [&](const std::string& rz) {
          const JsonReader rzr = nr.object(rz);
          forEachMember(rzr, [&](const std::string& rg) {
            const JsonReader rgr = rzr.object(rg);
            forEachMember(rgr, [&](const std::string& rnKey) {
              const int rn = parseSailorInt(rgr, rnKey, 1, kMaxGpuCount, "GPU count");
              net.inter[sz][sg][sn][rz][rg][rn] = readFit(rgr, rnKey);
            });
          });
        });
      });
    });
  });
  if (net.inter.empty()) r.fail("", "holds no zone");
  if (!intraText.empty()) {
    const nlohmann::json intraRoot = JsonReader::parse(intraText, intraLabel);
    const JsonReader ir(intraRoot, intraLabel);
    forEachMember(ir, [&](const std::string& g) {
      const JsonReader gr = ir.object(g);
      forEachMember(gr, [&](const std::string& nKey) {
        const int n = parseSailorInt(gr, nKey, 1, kMaxGpuCount, "GPU count");
        net.intra[g][n] = readFit(gr, nKey);
      });
    });
  }
  return net;
}

SailorNetwork loadSailorNetwork(const std::string& interPath, const std::string& intraPath) {
  namespace fs = std::filesystem;
  std::string intra = intraPath;
  if (intra.empty()) {
    const fs::path beside = fs::path(interPath).parent_path() / "intra_node_bandwidths.json";
    if (fs::exists(beside)) intra = beside.string();
  }
  return parseSailorNetwork(readSailorFile(interPath), interPath,
                            intra.empty() ? std::string() : readSailorFile(intra), intra);
}

bool looksLikeSailorNetwork(const std::string& text) {
  // The one parser with its limits (depth, NUL, numbers); a text it refuses is not Sailor's and
  // is then reported by the network reader with the reason.
  nlohmann::json j;
  try {
    j = JsonReader::parse(text, "<network>");
  } catch (const LoadError&) {
    return false;
  }
  if (!j.is_object() || j.empty() || j.contains("schema_version")) return false;
  // zone -> GPU -> count -> zone: four object levels, the third keyed by a number.
  const auto& zone = j.begin().value();
  if (!zone.is_object() || zone.empty()) return false;
  const auto& gpu = zone.begin().value();
  if (!gpu.is_object() || gpu.empty()) return false;
  const std::string countKey = gpu.begin().key();
  return !countKey.empty() && std::all_of(countKey.begin(), countKey.end(), ::isdigit) &&
         gpu.begin().value().is_object();
}

NetworkProfile sailorNetworkProfile(const SailorNetwork& net, const std::string& zone,
                                    const GpuCatalog& catalog, std::vector<std::string>* notes) {
  auto z = net.inter.find(zone);
  if (z == net.inter.end()) {
    std::string have;
    for (const std::string& k : net.zones()) have += (have.empty() ? "" : ", ") + k;
    throw LoadError("<Sailor network>", zone, "zone is not in the file (it has: " + have + ")");
  }
  NetworkProfile p;
  p.name = "sailor-" + zone;
  p.source = "eth-easl/sailor sailor/providers (MIT): NCCL send/recv fits, zone " + zone;
  p.deployment = "as measured by Sailor (GCP VMs; Alps GH200 and the MIT RTX cluster are filed under us-central1-a)";
  auto idOf = [&](const std::string& g) {
    std::string id = sailorGpuToCatalogId(g, catalog);
    if (id.empty() && notes) notes->push_back("Sailor GPU '" + g + "' is not in the catalog; skipped");
    return id;
  };
  const std::string what = "measured (Sailor, " + zone + ")";
  for (const auto& [sg, counts] : z->second) {
    const std::string a = idOf(sg);
    if (a.empty()) continue;
    NicModel own;
    std::map<std::string, NicModel> cross;
    for (const auto& [sn, receivers] : counts) {
      auto rz = receivers.find(zone);
      if (rz == receivers.end()) continue;
      for (const auto& [rg, rcounts] : rz->second) {
        auto fit = rcounts.find(sn);
        if (fit == rcounts.end()) continue;
        const std::string b = sailorGpuToCatalogId(rg, catalog);
        if (b.empty()) continue;
        BandwidthCurve c = curveOf(fit->second, what);
        if (rg == sg) own.flows.emplace_back(sn, c);
        else cross[rg].flows.emplace_back(sn, c);
      }
    }
    if (!own.empty()) p.setInterNode(a, own);
    for (auto& [rg, m] : cross) {
      const std::string b = sailorGpuToCatalogId(rg, catalog);
      // Each direction is filed under its sender; a pair runs at the slower of the two.
      if (const NicModel* back = p.pair(a, b)) {
        NicModel both;
        for (const auto& [n, curve] : m.flows)
          for (const auto& [n2, curve2] : back->flows)
            if (n == n2) both.flows.emplace_back(n, slower(curve, curve2));
        p.setPair(a, b, both.empty() ? m : both);
      } else {
        p.setPair(a, b, m);
      }
    }
  }
  for (const auto& [g, counts] : net.intra) {
    const std::string a = sailorGpuToCatalogId(g, catalog);
    if (a.empty()) continue;
    IntraModel m;
    for (const auto& [n, fit] : counts) m.groups.emplace_back(n, curveOf(fit, what + ", intra-node"));
    p.setIntraNode(a, m);
  }
  return p;
}

}  // namespace arachne
