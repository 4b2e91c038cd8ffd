// The fuzz targets over their seed corpora, the inputs that once failed, and seeded mutations of
// them, in the ordinary test run: a loader regression shows here without the fuzz build.
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "../../fuzz/fuzz_targets.h"

using namespace arachne;

namespace {

std::string readAll(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// NAME -> seed directories, from fuzz/corpora.txt (the list fuzz/run.sh reads).
std::map<std::string, std::vector<std::string>> corpora() {
  std::map<std::string, std::vector<std::string>> out;
  std::ifstream in(ARACHNE_SOURCE_DIR "/fuzz/corpora.txt");
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string name, dir;
    words >> name;
    while (words >> dir) out[name].push_back(dir);
  }
  return out;
}

std::vector<std::filesystem::path> filesUnder(const std::vector<std::string>& dirs) {
  std::vector<std::filesystem::path> files;
  for (const auto& d : dirs)
    for (const auto& e : std::filesystem::recursive_directory_iterator(std::string(ARACHNE_SOURCE_DIR) + "/" + d))
      if (e.is_regular_file()) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  return files;
}

// A few cheap mutations of the kinds libFuzzer makes: flipped bytes, cuts, repeated slices,
// inserted JSON tokens.
std::string mutate(const std::string& in, std::mt19937_64& rng) {
  static const char* tokens[] = {"{", "}", "[", "]", ",", ":", "\"", "-1", "1e400", "0", "null", "true",
                                 "18446744073709551616", "4.5", "\"h100\"", "\"H100\"", "[[[[[[[[", "\\u0000"};
  std::string s = in;
  const int steps = 1 + static_cast<int>(rng() % 4);
  for (int k = 0; k < steps && !s.empty(); ++k) {
    const size_t at = rng() % s.size();
    switch (rng() % 5) {
      case 0: s[at] = static_cast<char>(s[at] ^ (1u << (rng() % 8))); break;
      case 1: s.resize(at); break;
      case 2: s.insert(at, tokens[rng() % (sizeof tokens / sizeof *tokens)]); break;
      case 3: s.insert(at, s.substr(at, rng() % 64)); break;
      default: s.erase(at, 1 + rng() % 8); break;
    }
  }
  return s;
}

}  // namespace

class TstFuzzCorpus : public QObject {
  Q_OBJECT

  static void runOn(const fuzz::Target& t, const std::string& bytes, const std::string& what) {
    try {
      t.run(bytes);
    } catch (const std::exception& e) {
      QFAIL(qPrintable(QString("%1: %2 threw %3").arg(QString::fromStdString(what), t.name, e.what())));
    }
  }

 private slots:
  void everyTargetHasSeeds() {
    const auto c = corpora();
    QCOMPARE(c.size(), fuzz::targets().size());
    for (const auto& t : fuzz::targets()) {
      QVERIFY2(c.count(t.name), t.name);
      QVERIFY2(!filesUnder(c.at(t.name)).empty(), t.name);
      QVERIFY2(std::filesystem::exists(std::string(ARACHNE_SOURCE_DIR) + "/fuzz/dict/" + t.name + ".dict"), t.name);
    }
  }

  void seedsAndMutationsAreAcceptedOrRefusedCleanly_data() {
    QTest::addColumn<int>("index");
    for (size_t i = 0; i < fuzz::targets().size(); ++i)
      QTest::newRow(fuzz::targets()[i].name) << static_cast<int>(i);
  }
  void seedsAndMutationsAreAcceptedOrRefusedCleanly() {
    QFETCH(int, index);
    const fuzz::Target& t = fuzz::targets()[static_cast<size_t>(index)];
    const auto files = filesUnder(corpora().at(t.name));
    std::mt19937_64 rng(0x15 + static_cast<unsigned>(index));
    for (const auto& f : files) {
      const std::string bytes = readAll(f);
      runOn(t, bytes, f.string());
      for (int m = 0; m < 24; ++m) runOn(t, mutate(bytes, rng), f.string() + " (mutation " + std::to_string(m) + ")");
    }
  }
};

QTEST_GUILESS_MAIN(TstFuzzCorpus)
#include "tst_fuzz_corpus.moc"
