// The inline cluster form "h100:4x8,a6000:4x6+1x4": parsing with token-precise errors.
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_limits.h"
#include "cluster/cluster_spec.h"
#include "io/load_error.h"

namespace arachne {

namespace {

const char* const kInlineLabel = "<inline cluster spec>";
const char* const kGrammar =
    "expected TYPE:SIZExCOUNT[+SIZExCOUNT...][,TYPE:...], e.g. h100:4x8,a6000:4x6+1x4";

// Spaces that text pasted from documents and chat carries besides ASCII's, as UTF-8: no-break
// (U+00A0), thin (U+2009), narrow no-break (U+202F).
const char* const kWideSpaces[] = {"\xC2\xA0", "\xE2\x80\x89", "\xE2\x80\xAF"};

// The length of the space at s[i, e) (0: none).
size_t spaceAt(const std::string& s, size_t i, size_t e) {
  if (std::isspace(static_cast<unsigned char>(s[i]))) return 1;
  for (const char* w : kWideSpaces) {
    const size_t n = std::char_traits<char>::length(w);
    if (i + n <= e && s.compare(i, n, w) == 0) return n;
  }
  return 0;
}

// The length of the space that ends at s[b, e) (0: none).
size_t spaceBefore(const std::string& s, size_t b, size_t e) {
  if (std::isspace(static_cast<unsigned char>(s[e - 1]))) return 1;
  for (const char* w : kWideSpaces) {
    const size_t n = std::char_traits<char>::length(w);
    if (e >= b + n && s.compare(e - n, n, w) == 0) return n;
  }
  return 0;
}

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e) {
    const size_t n = spaceAt(s, b, e);
    if (n == 0) break;
    b += n;
  }
  while (e > b) {
    const size_t n = spaceBefore(s, b, e);
    if (n == 0) break;
    e -= n;
  }
  return s.substr(b, e - b);
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (;;) {
    size_t p = s.find(sep, start);
    parts.push_back(s.substr(start, p == std::string::npos ? std::string::npos : p - start));
    if (p == std::string::npos) return parts;
    start = p + 1;
  }
}

// Reads a positive whole number; `what` is "node size" or "node count", `term` the SIZExCOUNT
// term it came from, so the message points at the exact characters.
long long positive(const std::string& raw, const char* what, const std::string& term,
                   const std::string& token, long long max) {
  const std::string s = trim(raw);
  auto fail = [&](const std::string& problem) {
    throw LoadError(kInlineLabel, token, problem + " (in '" + term + "'; " + kGrammar + ")");
  };
  if (s.empty()) fail(std::string(what) + " is missing");
  if (s[0] == '-') fail(std::string(what) + " must be positive, got " + s);
  for (char ch : s)
    if (!std::isdigit(static_cast<unsigned char>(ch)))
      fail(std::string(what) + " must be a whole number, got '" + s + "'");
  long long v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range || v > max)
    fail(std::string(what) + " " + s + " is above the limit of " + std::to_string(max));
  if (ec != std::errc() || ptr != s.data() + s.size())
    fail(std::string(what) + " must be a whole number, got '" + s + "'");
  if (v == 0) fail(std::string(what) + " must be positive, got 0");
  return v;
}

// Text pasted from documents often carries the multiplication sign (U+00D7) instead of an x.
std::string withPlainX(const std::string& s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    if (s.compare(i, 2, "\xC3\x97") == 0) {
      out.push_back('x');
      ++i;
    } else {
      out.push_back(s[i]);
    }
  }
  return out;
}

}  // namespace

Composition parseInlineCluster(const std::string& spec, const GpuCatalog& catalog) {
  const std::string whole = trim(spec);
  if (whole.empty()) throw LoadError(kInlineLabel, "", std::string("empty cluster spec; ") + kGrammar);

  Composition c;
  long long total = 0;
  int nextId = 0;
  const auto groups = split(whole, ',');
  for (size_t g = 0; g < groups.size(); ++g) {
    const std::string token = trim(groups[g]);
    auto fail = [&](const std::string& problem) {
      throw LoadError(kInlineLabel, token, problem + "; " + kGrammar);
    };
    if (token.empty())
      throw LoadError(kInlineLabel, whole,
                      "type group " + std::to_string(g + 1) + " is empty (stray ','); " + kGrammar);
    const size_t colon = token.find(':');
    if (colon == std::string::npos) fail("missing ':' between the GPU type and its nodes");
    if (token.find(':', colon + 1) != std::string::npos)
      fail("more than one ':' (separate GPU types with ',')");
    const std::string typeName = trim(token.substr(0, colon));
    if (typeName.empty()) fail("GPU type is missing before ':'");
    const GpuType& type = catalog.at(typeName, kInlineLabel, token);
    const std::string nodesPart = trim(token.substr(colon + 1));
    if (nodesPart.empty()) fail("no nodes after ':'");

    for (const std::string& rawTerm : split(nodesPart, '+')) {
      const std::string term = withPlainX(trim(rawTerm));
      if (term.empty()) fail("empty SIZExCOUNT term (stray '+')");
      size_t x = term.find_first_of("xX");
      if (x == std::string::npos)
        fail("'" + term + "' lacks the 'x' of SIZExCOUNT (write " + term + "x1 for one node of " +
             term + " GPUs)");
      if (term.find_first_of("xX", x + 1) != std::string::npos)
        fail("'" + term + "' has more than one 'x'");
      const long long size = positive(term.substr(0, x), "node size", term, token, kMaxNodeGpus);
      const long long count = positive(term.substr(x + 1), "node count", term, token, kMaxClusterGpus);
      total += size * count;
      if (total > kMaxClusterGpus)
        fail("the cluster would hold " + std::to_string(total) + " GPUs or more, above the limit of " +
             std::to_string(kMaxClusterGpus));
      for (long long i = 0; i < count; ++i) {
        Node n;
        n.id = nextId++;
        n.gpu_type = type.id;
        n.gpus = static_cast<int>(size);
        c.addNode(std::move(n));
      }
    }
  }
  return c;
}

}  // namespace arachne
