// The learned planner's groundwork: state layout, masks, FiLM, save/load checks, a bandit that learns.
// torch comes before Qt: Qt's `slots` macro would break the torch headers.
#include <torch/torch.h>

#include <QtTest>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <random>

#include "io/load_error.h"
#include "policy/policy_header.h"
#include "policy/policy_io.h"
#include "policy/policy_network.h"
#include "policy/policy_state.h"
#include "policy_fixtures.h"

using namespace arachne;

namespace {

using namespace policy_fixtures;

struct Episode {
  PolicyConfig config;
  Composition comp;
  Model m = model();
  PolicyState state;
  std::vector<int> free;
  std::shared_ptr<const std::vector<float>> stateVec, summaryVec;

  Episode(const PolicyConfig& c, Composition k)
      : config(c), comp(std::move(k)), state(c, catalog(), comp, m, m.default_training), free(allFree(comp)) {
    stateVec = std::make_shared<std::vector<float>>(state.state(free, {}, 0, 8));
    summaryVec = std::make_shared<std::vector<float>>(state.summary());
  }
  PolicyDecision depth(std::vector<std::uint8_t> mask = {}) const {
    PolicyDecision d;
    d.kind = DecisionKind::Depth;
    d.state = stateVec;
    d.summary = summaryVec;
    d.candidates = state.depthCandidates(free, {});
    d.mask = mask.empty() ? std::vector<std::uint8_t>(static_cast<size_t>(config.d_max + 1), 1) : mask;
    return d;
  }
  PolicyDecision device(int depth, const std::vector<PolicyStageChoice>& earlier, std::vector<std::uint8_t> mask = {}) const {
    PolicyDecision d;
    d.kind = DecisionKind::Device;
    d.state = stateVec;
    d.summary = summaryVec;
    d.context = state.stageContext(depth, earlier);
    d.candidates = state.deviceCandidates(free, depth, earlier);
    if (mask.empty())
      for (int t = 0; t < config.t_max; ++t) mask.push_back(t < state.typeCount() ? 1 : 0);
    d.mask = mask;
    return d;
  }
  PolicyDecision tp(int depth, int slot, std::vector<std::uint8_t> mask) const {
    PolicyDecision d;
    d.kind = DecisionKind::Tp;
    d.state = stateVec;
    d.summary = summaryVec;
    d.context = state.stageContext(depth, {});
    d.candidates = PolicyState::row(state.deviceCandidates(free, depth, {}), state.layout().deviceCandidateSize(), slot);
    d.mask = std::move(mask);
    return d;
  }
};

Composition threeTypes() {
  return composition({{"a6000", {4, 4, 1, 1}}, {"h100", {8, 8}}, {"a100-40", {4, 2, 2}}});
}

std::string tempPath(const char* name) { return QDir::temp().filePath(QString("arachne_%1_%2").arg(QCoreApplication::applicationPid()).arg(name)).toStdString(); }

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}
void writeAll(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// Runs loadPolicy and returns the LoadError's field, or "<no error>".
std::string loadErrorField(const std::string& path, const PolicyConfig* expected = nullptr) {
  try {
    loadPolicy(path, expected);
  } catch (const LoadError& e) {
    if (e.problem().empty()) return "<error without a problem text>";
    return e.field().empty() ? "<whole file>" : e.field();
  }
  return "<no error>";
}

}  // namespace

class TstPolicyNetwork : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() { torch::manual_seed(1); }

  void stateHasFixedSizeForEveryTypeCount() {
    const PolicyConfig config;
    const PolicyLayout layout(config);
    const std::vector<std::string> ids = {"h100", "a6000", "a100-40", "l40s", "a100-80", "rtx-pro-6000"};
    for (int types = 1; types <= config.t_max; ++types) {
      std::vector<std::pair<std::string, std::vector<int>>> spec;
      for (int t = 0; t < types; ++t) spec.push_back({ids[static_cast<size_t>(t)], {t % 2 ? 4 : 8, 1 + t, 2}});
      Episode e(config, composition(spec));
      QCOMPARE(e.state.typeCount(), types);
      const auto s = e.state.state(e.free, {}, 0, 8);
      QCOMPARE(int(s.size()), layout.stateSize());
      QCOMPARE(int(e.state.summary().size()), layout.summarySize());
      const auto depth = e.state.depthCandidates(e.free, {});
      QCOMPARE(int(depth.size()), layout.depthCandidates() * layout.depthCandidateSize());
      const auto ctx = e.state.stageContext(3, {{ids[0], 2}});
      QCOMPARE(int(ctx.size()), layout.stageContextSize());
      const auto dev = e.state.deviceCandidates(e.free, 3, {{ids[0], 2}});
      QCOMPARE(int(dev.size()), config.t_max * layout.deviceCandidateSize());
      for (const auto* v : {&s, &e.state.summary(), &depth, &ctx, &dev})
        for (float x : *v) QVERIFY2(std::isfinite(x) && x >= 0.0f && x <= 4.0f, qPrintable(QString::number(x)));
      // Shares of the summary add up to the whole cluster; the group one-hot names the type count.
      double shares = 0;
      for (int t = 0; t < config.t_max; ++t) shares += e.state.summary()[static_cast<size_t>(1 + t)];
      QVERIFY(std::abs(shares - 1.0) < 1e-5);
      const int group = config.t_max * layout.perTypeSize() + 15;
      for (int t = 1; t <= config.t_max; ++t)
        QCOMPARE(s[static_cast<size_t>(group + t - 1)], t == types ? 1.0f : 0.0f);
      // Present slots carry their bit, empty slots are zero.
      for (int t = 0; t < config.t_max; ++t)
        QCOMPARE(s[static_cast<size_t>(t * layout.perTypeSize())], t < types ? 1.0f : 0.0f);
    }
  }

  void tooManyTypesIsALoadError() {
    PolicyConfig config;
    config.t_max = 2;
    QVERIFY_THROWS_EXCEPTION(LoadError, Episode(config, threeTypes()));
  }

  void slotsIgnoreTheWritingOrder() {
    const PolicyConfig config;
    Episode a(config, composition({{"a6000", {4, 1}}, {"h100", {8}}}));
    Episode b(config, composition({{"h100", {8}}, {"a6000", {4, 1}}}));
    QCOMPARE(a.state.typeOfSlot(0), std::string("h100"));  // fastest first
    QCOMPARE(a.state.state(a.free, {}, 0, 8), b.state.state(b.free, {}, 0, 8));
    QCOMPARE(a.state.summary(), b.state.summary());
  }

  void featuresFollowTheFreeGpus() {
    const PolicyConfig config;
    Episode e(config, threeTypes());
    const PolicyLayout& l = e.state.layout();
    const int slot = e.state.slotOf("h100");
    const size_t freeShare = static_cast<size_t>(slot * l.perTypeSize() + 10);
    auto before = e.state.state(e.free, {}, 0, 8);
    // Use up the first of the two 8-GPU h100 nodes.
    std::vector<int> used = e.free;
    size_t first = 0;
    while (e.comp.nodes()[first].gpu_type != "h100") ++first;
    QCOMPARE(e.comp.nodes()[first].gpus, 8);
    used[first] = 0;
    auto after = e.state.state(used, {}, 1, 8);
    QCOMPARE(before[freeShare], 1.0f);
    QCOMPARE(after[freeShare], 0.5f);
    // With only 4 GPUs free, depths above 4 no longer fit.
    std::vector<int> few(e.free.size(), 0);
    few[0] = 4;
    const auto depth = e.state.depthCandidates(few, {});
    QCOMPARE(depth[static_cast<size_t>(4 * l.depthCandidateSize() + 4)], 1.0f);
    QCOMPARE(depth[static_cast<size_t>(5 * l.depthCandidateSize() + 4)], 0.0f);
    QCOMPARE(depth[0], 1.0f);  // the STOP row
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, e.state.state({1, 2}, {}, 0, 8));
  }

  void sampledActionsHonourRandomMasks() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    std::mt19937_64 rng(42);
    std::bernoulli_distribution coin(0.4);
    int sampled = 0;
    for (int trial = 0; trial < 300; ++trial) {
      const DecisionKind kind = static_cast<DecisionKind>(trial % 3);
      const int n = kind == DecisionKind::Depth ? config.d_max + 1 : kind == DecisionKind::Device ? config.t_max : config.k_max;
      std::vector<std::uint8_t> mask(static_cast<size_t>(n));
      int allowed = 0;
      for (auto& m : mask) allowed += (m = coin(rng) ? 1 : 0);
      if (allowed == 0) mask[static_cast<size_t>(rng() % static_cast<unsigned>(n))] = 1;
      PolicyDecision d = kind == DecisionKind::Depth ? e.depth(mask)
                         : kind == DecisionKind::Device ? e.device(4, {{"h100", 4}}, mask)
                                                         : e.tp(4, 1, mask);
      const PolicyEncoding enc = net.encode(d);
      for (int s = 0; s < 20; ++s) {
        const int a = net.decide(d, enc, &rng);
        QVERIFY(a >= 0 && a < n);
        QVERIFY2(mask[static_cast<size_t>(a)], qPrintable(QString("masked choice %1 sampled").arg(a)));
        QVERIFY(std::isfinite(d.log_prob) && d.log_prob <= 0);
        ++sampled;
      }
      QVERIFY(mask[static_cast<size_t>(net.decide(d, enc, nullptr))]);
      // All but one masked: that one, every time, with probability 1.
      std::vector<std::uint8_t> one(static_cast<size_t>(n), 0);
      const int only = static_cast<int>(rng() % static_cast<unsigned>(n));
      one[static_cast<size_t>(only)] = 1;
      d.mask = one;
      for (int s = 0; s < 5; ++s) QCOMPARE(net.decide(d, enc, &rng), only);
      QCOMPARE(d.log_prob, 0.0f);
    }
    QCOMPARE(sampled, 6000);
    PolicyDecision none = e.depth(std::vector<std::uint8_t>(static_cast<size_t>(config.d_max + 1), 0));
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, net.decide(none, &rng));
  }

  void maskingKeepsTheOrderOfTheRest() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    PolicyDecision open = e.depth();
    const PolicyEncoding enc = net.encode(open);
    const auto raw = net.logits(open, enc);
    std::vector<std::uint8_t> mask(static_cast<size_t>(config.d_max + 1), 1);
    for (size_t i = 0; i < mask.size(); i += 3) mask[i] = 0;
    PolicyDecision masked = e.depth(mask);
    const auto m = net.logits(masked, enc);
    for (int i = 0; i <= config.d_max; ++i) {
      if (!mask[static_cast<size_t>(i)]) {
        QVERIFY(std::isinf(m[i].item<float>()) && m[i].item<float>() < 0);
        continue;
      }
      QCOMPARE(m[i].item<float>(), raw[i].item<float>());
      for (int j = 0; j <= config.d_max; ++j)
        if (mask[static_cast<size_t>(j)])
          QCOMPARE(m[i].item<float>() < m[j].item<float>(), raw[i].item<float>() < raw[j].item<float>());
    }
  }

  void filmMakesTheSummaryMatter() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    Episode other(config, composition({{"h100", {8, 8, 8, 8}}, {"a6000", {1, 1, 1, 1, 1, 1}}}));
    QVERIFY(e.state.summary() != other.state.summary());
    PolicyDecision a = e.depth();
    PolicyDecision b = e.depth();
    b.summary = other.summaryVec;  // same state and candidates, another composition summary
    torch::NoGradGuard noGrad;
    const auto la = net.logits(a, net.encode(a));
    const auto lb = net.logits(b, net.encode(b));
    QVERIFY((la - lb).abs().max().item<float>() > 1e-4f);
    // With the FiLM output forced to zero (scale 1, shift 0) the summary no longer matters.
    for (auto& p : net.named_parameters())
      if (p.key().rfind("film2", 0) == 0) p.value().zero_();
    QCOMPARE((net.logits(a, net.encode(a)) - net.logits(b, net.encode(b))).abs().max().item<float>(), 0.0f);
  }

  void evaluateAgreesWithDecide() {
    const PolicyConfig config;
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    std::mt19937_64 rng(3);
    std::vector<PolicyDecision> ds = {e.depth(), e.device(3, {}), e.tp(3, 0, {1, 1, 1, 1}), e.device(3, {{"a6000", 1}}),
                                      e.depth(), e.tp(3, 2, {1, 1, 0, 0})};
    for (auto& d : ds) net.decide(d, &rng);
    std::vector<const PolicyDecision*> ptrs;
    for (const auto& d : ds) ptrs.push_back(&d);
    const auto ev = net.evaluate(ptrs);
    QCOMPARE(ev.log_prob.size(0), int64_t(ds.size()));
    for (size_t i = 0; i < ds.size(); ++i) {
      QVERIFY(std::abs(ev.log_prob[static_cast<int64_t>(i)].item<float>() - ds[i].log_prob) < 1e-5f);
      QVERIFY(ev.entropy[static_cast<int64_t>(i)].item<float>() >= 0);
    }
    // Two allowed TP degrees: entropy at most log 2.
    QVERIFY(ev.entropy[5].item<float>() <= std::log(2.0f) + 1e-6f);
    QVERIFY(ev.log_prob.requires_grad());
    ds[0].action = 99;
    QVERIFY_THROWS_EXCEPTION(std::invalid_argument, net.evaluate(ptrs));
  }

  void saveLoadRoundTrip() {
    PolicyConfig config;
    config.hidden = 48;
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    const std::string path = tempPath("roundtrip.policy");
    savePolicy(net, path, {{"trained", "not trained: round-trip test"}});
    const LoadedPolicy loaded = loadPolicy(path, &config);
    QCOMPARE(loaded.metadata.at("trained").get<std::string>(), std::string("not trained: round-trip test"));
    QVERIFY(loaded.network->config() == config);
    torch::NoGradGuard noGrad;
    for (PolicyDecision d : {e.depth(), e.device(2, {{"h100", 8}}), e.tp(2, 1, {1, 1, 1, 0})}) {
      const auto a = net.logits(d, net.encode(d));
      const auto b = loaded.network->logits(d, loaded.network->encode(d));
      QVERIFY(torch::equal(a, b));
    }
    std::remove(path.c_str());
  }

  void brokenFilesGiveLoadErrors() {
    PolicyConfig config;
    config.hidden = 32;
    PolicyNetwork net(config);
    const std::string path = tempPath("broken.policy");
    savePolicy(net, path);
    const std::string good = readAll(path);
    QCOMPARE(loadErrorField(path), std::string("<no error>"));

    std::string flipped = good;
    flipped[flipped.size() - 100] = static_cast<char>(flipped[flipped.size() - 100] ^ 0x5a);
    writeAll(path, flipped);
    QCOMPARE(loadErrorField(path), std::string("payload_fnv1a64"));

    writeAll(path, good.substr(0, good.size() - 1000));
    QCOMPARE(loadErrorField(path), std::string("payload_bytes"));

    writeAll(path, good.substr(0, 40));
    QVERIFY(loadErrorField(path) != "<no error>");

    writeAll(path, "PK\x03\x04 some zip");
    QCOMPARE(loadErrorField(path), std::string("<whole file>"));

    // A shape in the header that the network does not have.
    std::string tampered = good;
    const std::string from = "\"shape\":[32,";
    const size_t at = tampered.find(from);
    QVERIFY(at != std::string::npos);
    tampered.replace(at, from.size(), "\"shape\":[33,");
    writeAll(path, tampered);
    QVERIFY(loadErrorField(path).find("parameters[") == 0);

    // The planner's network differs from the file's.
    writeAll(path, good);
    PolicyConfig other;
    QCOMPARE(loadErrorField(path, &other), std::string("config.hidden"));

    std::remove(path.c_str());
    QCOMPARE(loadErrorField(path), std::string("<whole file>"));
  }

  // Issue 15: a header asking for a huge network is refused before anything is allocated (it
  // used to exit 1, or be killed, instead of falling back to greedy); deep JSON and devices are
  // LoadErrors too.
  void hostileHeadersAreLoadErrors() {
    PolicyConfig config;
    config.hidden = 32;
    PolicyNetwork net(config);
    const std::string path = tempPath("hostile.policy");
    savePolicy(net, path);
    const std::string good = readAll(path);
    std::string huge = good;
    const size_t at = huge.find("\"hidden\":32");
    QVERIFY(at != std::string::npos);
    huge.replace(at, 11, "\"hidden\":65536");
    writeAll(path, huge);
    QCOMPARE(loadErrorField(path), std::string("config"));
    try {
      loadPolicy(path);
    } catch (const LoadError& e) {
      QVERIFY2(std::string(e.what()).find("more than the payload's") != std::string::npos, e.what());
    }
    writeAll(path, "ARACHNE-POLICY\n" + std::string(100000, '[') + "\n");
    try {
      loadPolicy(path);
      QFAIL("deep header accepted");
    } catch (const LoadError& e) {
      QVERIFY2(std::string(e.what()).find("nested deeper than 64") != std::string::npos, e.what());
    }
    writeAll(path, "ARACHNE-POLICY\n{\"format_version\": 1e400}\n");
    QCOMPARE(loadErrorField(path), std::string("format_version"));
    QCOMPARE(loadErrorField("/dev/zero"), std::string("<whole file>"));
    std::remove(path.c_str());
  }

  // policyParameterCount mirrors the network's constructor: both kinds, several sizes.
  void parameterCountMatchesTheNetwork() {
    for (bool flat : {false, true})
      for (int hidden : {8, 32, 128}) {
        PolicyConfig c;
        c.flat = flat;
        c.hidden = hidden;
        c.head_hidden = hidden / 2;
        c.film_hidden = hidden / 4 + 1;
        c.t_max = 3;
        c.d_max = 5;
        PolicyNetwork net(c);
        std::int64_t n = 0;
        for (const auto& p : net.parameters()) n += p.numel();
        QCOMPARE(policyParameterCount(c), n);
      }
  }

  // A first learning check: one step of a synthetic bandit (reward 1 for depth 2 whose first
  // stage takes slot 0) through the depth and device heads, PPO's clipped objective, mean baseline.
  void policyGradientLearnsABandit() {
    PolicyConfig config;
    config.d_max = 8;
    config.hidden = 64;
    torch::manual_seed(5);
    PolicyNetwork net(config);
    Episode e(config, threeTypes());
    std::mt19937_64 rng(11);
    torch::optim::Adam opt(net.parameters(), torch::optim::AdamOptions(3e-3));
    auto rewardedProbability = [&] {
      torch::NoGradGuard noGrad;
      PolicyDecision d = e.depth();
      PolicyDecision v = e.device(2, {});
      const double pd = torch::softmax(net.logits(d, net.encode(d)), 0)[2].item<double>();
      const double pv = torch::softmax(net.logits(v, net.encode(v)), 0)[0].item<double>();
      return pd * pv;
    };
    const double before = rewardedProbability();
    for (int iteration = 0; iteration < 40; ++iteration) {
      std::vector<PolicyDecision> ds;
      std::vector<float> rewards;
      for (int episode = 0; episode < 32; ++episode) {
        PolicyDecision d = e.depth();
        const int depth = net.decide(d, &rng);
        PolicyDecision v = e.device(std::max(1, depth), {});
        const int slot = net.decide(v, &rng);
        rewards.push_back(depth == 2 && slot == 0 ? 1.0f : 0.0f);
        ds.push_back(std::move(d));
        ds.push_back(std::move(v));
      }
      auto r = torch::tensor(rewards);
      auto advantage = (r - r.mean()).repeat_interleave(2);
      std::vector<const PolicyDecision*> ptrs;
      std::vector<float> old;
      for (const auto& d : ds) {
        ptrs.push_back(&d);
        old.push_back(d.log_prob);
      }
      auto oldLogp = torch::tensor(old);
      for (int epoch = 0; epoch < 2; ++epoch) {
        const auto ev = net.evaluate(ptrs);
        auto ratio = (ev.log_prob - oldLogp).exp();
        auto objective = torch::min(ratio * advantage, ratio.clamp(0.8, 1.2) * advantage);
        auto loss = -objective.mean() - 0.001 * ev.entropy.mean();
        opt.zero_grad();
        loss.backward();
        opt.step();
      }
    }
    const double after = rewardedProbability();
    qInfo("P(rewarded action): %.3f before, %.3f after 40 updates", before, after);
    QVERIFY(before < 0.2);
    QVERIFY2(after > 0.6, qPrintable(QString::number(after)));
  }
};

QTEST_GUILESS_MAIN(TstPolicyNetwork)
#include "tst_policy_network.moc"
