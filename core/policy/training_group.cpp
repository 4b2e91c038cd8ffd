// TrainingGroup over c10d: TCPStore for the rendezvous and the options check, ProcessGroupGloo for
// the collectives; every c10d or Gloo failure becomes a TrainingPeerError that says what failed.
#include "policy/training_group.h"

#ifndef USE_C10D_GLOO
#define USE_C10D_GLOO 1  // Debian's LibTorch is built with Gloo; the header hides it otherwise
#endif
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

namespace arachne {

struct TrainingGroup::Impl {
  c10::intrusive_ptr<c10d::TCPStore> store;
  c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
  std::chrono::milliseconds timeout{0};
};

namespace {

std::uint64_t fnv1a(const std::string& s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

bool isLoopback(const std::string& host) {
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

// c10::Error's what() carries a C++ backtrace; the user needs the first line.
std::string reason(const std::exception& e) {
  if (const auto* c = dynamic_cast<const c10::Error*>(&e)) return c->what_without_backtrace();
  return e.what();
}

std::string seconds(double s) {
  std::ostringstream out;
  out << s;
  return out.str();
}

// A sentence for what the Gloo / store message means, before the message itself.
std::string meaning(const std::string& why, double timeoutS) {
  auto has = [&](const char* s) { return why.find(s) != std::string::npos; };
  std::ostringstream out;
  if (has("closed by peer") || has("Connection reset") || has("Broken pipe") || has("EOF"))
    out << "a peer left the run (its process ended, or its machine cannot be reached)";
  else if (has("imed out") || has("imeout"))
    out << "no answer from the other ranks within " << timeoutS << " s (--timeout)";
  else if (has("Connection refused"))
    out << "nothing listens at the master address";
  else
    out << "c10d failed";
  std::string first = why.substr(0, why.find('\n'));
  out << " (" << first << ")";
  return out.str();
}

}  // namespace

void TrainingGroup::fail(const std::string& during, const std::exception& e) const {
  const double timeoutS = impl_ ? std::chrono::duration<double>(impl_->timeout).count() : 0;
  throw TrainingPeerError("distributed training, " + where_ + ": " + during + ": " + meaning(reason(e), timeoutS));
}

TrainingGroup::TrainingGroup(const DistributedTrainingOptions& o)
    : impl_(std::make_unique<Impl>()), rank_(o.rank), size_(o.world_size) {
  where_ = "rank " + std::to_string(rank_) + " of " + std::to_string(size_) + " (master " + o.master_host + ":" +
           std::to_string(o.master_port) + ")";
  if (size_ < 2 || rank_ < 0 || rank_ >= size_ || o.master_port <= 0 || o.master_port > 65535 || !(o.timeout_s > 0))
    throw std::invalid_argument("distributed training: need 2 or more workers, a rank below them, a port and a timeout; got " +
                                where_);
  impl_->timeout = std::chrono::milliseconds(static_cast<long long>(o.timeout_s * 1000.0));
  c10d::TCPStoreOptions so;
  so.port = static_cast<std::uint16_t>(o.master_port);
  so.isServer = rank_ == 0;
  so.numWorkers = static_cast<std::size_t>(size_);
  // LibTorch 1.13's own wait for the workers ends silently at the timeout; the count below
  // fails with a message instead.
  so.waitWorkers = false;
  so.timeout = impl_->timeout;
  try {
    impl_->store = c10::make_intrusive<c10d::TCPStore>(o.master_host, so);
  } catch (const std::exception& e) {
    if (rank_ == 0) fail("cannot listen on port " + std::to_string(o.master_port), e);
    std::ostringstream why;
    why << "cannot reach the master: nothing answered at " << o.master_host << ":" << o.master_port << " within "
        << o.timeout_s << " s (--timeout); is rank 0 running there, and is --master its address? ("
        << reason(e).substr(0, reason(e).find('\n')) << ")";
    throw TrainingPeerError("distributed training, " + where_ + ": " + why.str());
  }
  std::int64_t joined = 0;
  try {
    joined = impl_->store->add("arachne/joined", 1);
    const auto deadline = std::chrono::steady_clock::now() + impl_->timeout;
    while (rank_ == 0 && joined < size_ && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      joined = impl_->store->add("arachne/joined", 0);
    }
  } catch (const std::exception& e) {
    fail("counting the ranks that connected", e);
  }
  if (rank_ == 0 && joined < size_)
    throw TrainingPeerError("distributed training, " + where_ + ": the other " + std::to_string(size_ - 1) +
                            " rank(s) did not all connect: " + std::to_string(joined) + " of " + std::to_string(size_) +
                            " ranks joined within " + seconds(o.timeout_s) + " s (--timeout); start every rank with --workers " + std::to_string(size_) + " and --master " +
                            o.master_host + ":" + std::to_string(o.master_port));
  auto gloo = c10d::ProcessGroupGloo::Options::create(impl_->timeout);
  try {
    // Local runs stay on the loopback interface; a cluster run binds where this machine's
    // hostname resolves, or to the interface GLOO_SOCKET_IFNAME names (as in PyTorch).
    if (isLoopback(o.master_host))
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
    else if (const char* ifname = std::getenv("GLOO_SOCKET_IFNAME"); ifname && *ifname)
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname));
    else
      gloo->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
    gloo->threads = 1;
    impl_->group = c10::make_intrusive<c10d::ProcessGroupGloo>(impl_->store, rank_, size_, gloo);
  } catch (const std::exception& e) {
    fail("cannot form the Gloo group", e);
  }
}

TrainingGroup::~TrainingGroup() = default;

void TrainingGroup::checkSameOptions(const std::string& canonicalJson) {
  const std::uint64_t mine = fnv1a(canonicalJson);
  std::vector<std::string> texts(static_cast<size_t>(size_));
  std::vector<double> hashes(static_cast<size_t>(size_), 0.0);
  try {
    impl_->store->set("arachne/options/" + std::to_string(rank_),
                      std::vector<std::uint8_t>(canonicalJson.begin(), canonicalJson.end()));
    for (int r = 0; r < size_; ++r) {
      const std::string key = "arachne/options/" + std::to_string(r);
      impl_->store->wait({key}, impl_->timeout);
      const std::vector<std::uint8_t> v = impl_->store->get(key);
      texts[static_cast<size_t>(r)].assign(v.begin(), v.end());
    }
    // Nobody leaves (and rank 0 takes the store with it) before every rank has read every text.
    impl_->store->add("arachne/options-read", 1);
    const auto deadline = std::chrono::steady_clock::now() + impl_->timeout;
    while (impl_->store->add("arachne/options-read", 0) < size_) {
      if (std::chrono::steady_clock::now() >= deadline)
        throw std::runtime_error("timed out waiting for every rank to read the options");
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  } catch (const std::exception& e) {
    fail("exchanging the training options", e);
  }
  std::vector<int> differ;
  for (int r = 0; r < size_; ++r)
    if (fnv1a(texts[static_cast<size_t>(r)]) != mine) differ.push_back(r);
  if (differ.empty()) return;
  // Name the fields: compare with the first rank that differs (rank 0's view for everyone else).
  const int other = differ.front();
  std::string fields;
  try {
    const auto a = nlohmann::json::parse(canonicalJson), b = nlohmann::json::parse(texts[static_cast<size_t>(other)]);
    int named = 0;
    for (const auto& [k, v] : a.items())
      if (!b.contains(k) || b.at(k) != v) {
        if (named++ < 4) {
          std::string mineText = v.dump(), theirs = b.contains(k) ? b.at(k).dump() : "absent";
          if (mineText.size() > 60) mineText = mineText.substr(0, 57) + "...";
          if (theirs.size() > 60) theirs = theirs.substr(0, 57) + "...";
          fields += std::string(fields.empty() ? "" : "; ") + k + " " + mineText + " here, " + theirs + " there";
        }
      }
    for (const auto& [k, v] : b.items())
      if (!a.contains(k) && named++ < 4) fields += std::string(fields.empty() ? "" : "; ") + k + " absent here";
  } catch (const std::exception&) {
    fields = "options text unreadable";
  }
  std::string ranks;
  for (int r : differ) ranks += (ranks.empty() ? "" : ", ") + std::to_string(r);
  throw std::invalid_argument("distributed training, " + where_ + ": the training options differ from rank(s) " + ranks +
                              " (rank " + std::to_string(other) + ": " + fields +
                              "); start every rank with the same options but --rank");
}

void TrainingGroup::allReduceSum(std::vector<float>& values) {
  if (values.empty()) return;
  try {
    std::vector<at::Tensor> t = {torch::from_blob(values.data(), {static_cast<int64_t>(values.size())}, torch::kFloat32)};
    impl_->group->allreduce(t)->wait();
  } catch (const std::exception& e) {
    fail("summing gradients", e);
  }
}

void TrainingGroup::allReduceSum(std::vector<double>& values) {
  if (values.empty()) return;
  try {
    std::vector<at::Tensor> t = {torch::from_blob(values.data(), {static_cast<int64_t>(values.size())}, torch::kFloat64)};
    impl_->group->allreduce(t)->wait();
  } catch (const std::exception& e) {
    fail("exchanging the update's statistics and stop votes", e);
  }
}

bool TrainingGroup::anyRank(bool flag) {
  std::vector<double> v = {flag ? 1.0 : 0.0};
  allReduceSum(v);
  return v[0] > 0;
}

void TrainingGroup::broadcast(std::vector<float>& values, int root) {
  try {
    std::vector<at::Tensor> t = {torch::from_blob(values.data(), {static_cast<int64_t>(values.size())}, torch::kFloat32)};
    c10d::BroadcastOptions bo;
    bo.rootRank = root;
    impl_->group->broadcast(t, bo)->wait();
  } catch (const std::exception& e) {
    fail("receiving rank " + std::to_string(root) + "'s weights", e);
  }
}

std::vector<std::string> TrainingGroup::allGather(const std::string& bytes) {
  try {
    // Gloo gathers tensors of one size: the sizes first, then every message padded to the longest.
    std::vector<at::Tensor> size = {torch::full({1}, static_cast<int64_t>(bytes.size()), torch::kInt64)};
    std::vector<std::vector<at::Tensor>> sizes(1);
    for (int r = 0; r < size_; ++r) sizes[0].push_back(torch::empty({1}, torch::kInt64));
    impl_->group->allgather(sizes, size)->wait();
    int64_t longest = 1;
    for (const auto& s : sizes[0]) longest = std::max(longest, s.item<int64_t>());
    at::Tensor mine = torch::zeros({longest}, torch::kUInt8);
    std::copy(bytes.begin(), bytes.end(), reinterpret_cast<char*>(mine.data_ptr<uint8_t>()));
    std::vector<at::Tensor> in = {mine};
    std::vector<std::vector<at::Tensor>> out(1);
    for (int r = 0; r < size_; ++r) out[0].push_back(torch::empty({longest}, torch::kUInt8));
    impl_->group->allgather(out, in)->wait();
    std::vector<std::string> all;
    for (int r = 0; r < size_; ++r) {
      const auto n = sizes[0][static_cast<size_t>(r)].item<int64_t>();
      if (n < 0 || n > longest) throw std::runtime_error("a peer announced an impossible message size");
      all.emplace_back(reinterpret_cast<const char*>(out[0][static_cast<size_t>(r)].data_ptr<uint8_t>()), static_cast<size_t>(n));
    }
    return all;
  } catch (const TrainingPeerError&) {
    throw;
  } catch (const std::exception& e) {
    fail("exchanging the plans found", e);
  }
}

std::int64_t TrainingGroup::claim(const std::string& counter) {
  try {
    return impl_->store->add("arachne/claim/" + counter, 1) - 1;
  } catch (const std::exception& e) {
    fail("claiming work from the store", e);
  }
}

void TrainingGroup::barrier() {
  try {
    impl_->group->barrier()->wait();
  } catch (const std::exception& e) {
    fail("waiting for the other ranks to finish", e);
  }
}

}  // namespace arachne
