// coreText: translation lookup of core wordings and locale-aware values.
#include "core_text.h"

#include <QCoreApplication>
#include <QLocale>
#include <cstring>
#include <iterator>

#include "plan/texts.h"

namespace arachne::gui {

namespace {
constexpr const char* kContext = "arachne::text";

QString render(const ReasonArg& a) {
  const QLocale l;
  switch (a.kind) {
    case ReasonArg::Kind::Integer: return l.toString(static_cast<qlonglong>(a.value));
    case ReasonArg::Kind::Number:
      return a.decimals >= 0 ? l.toString(a.value, 'f', a.decimals) : l.toString(a.value, 'g', -a.decimals);
    case ReasonArg::Kind::Verbatim: return QString::fromStdString(a.text);
    case ReasonArg::Kind::Term: return coreTerm(a.text.c_str());
    case ReasonArg::Kind::Nested: return a.nested.empty() ? QString() : coreText(a.nested.front());
  }
  return {};
}
}  // namespace

QString coreTerm(const char* text) { return QCoreApplication::translate(kContext, text); }

QString coreText(const Reason& reason, const std::string& fallback) {
  if (reason.empty()) return QString::fromStdString(fallback);
  const QString pattern = QCoreApplication::translate(kContext, reason.text);
  // One pass over %1..%9, so a value that holds "%1" stays as it is.
  QString out;
  out.reserve(pattern.size() + 32);
  for (qsizetype i = 0; i < pattern.size(); ++i) {
    const QChar c = pattern[i];
    if (c == QLatin1Char('%') && i + 1 < pattern.size() && pattern[i + 1] >= QLatin1Char('1') &&
        pattern[i + 1] <= QLatin1Char('9')) {
      const size_t k = static_cast<size_t>(pattern[i + 1].unicode() - '1');
      if (k < reason.args.size()) out += render(reason.args[k]);
      ++i;
    } else {
      out += c;
    }
  }
  return out;
}

QString linkName(const std::string& link) {
  if (link == "intra-node") return coreTerm(text::kIntraNode);
  if (link == "inter-node") return coreTerm(text::kInterNode);
  if (link == "none" || link.empty()) return coreTerm(text::kNone);
  return QString::fromStdString(link);
}

namespace {
struct Name {
  const char* key;
  const char* text;
};
// QT_TRANSLATE_NOOP lets lupdate collect the names; translate() looks them up at run time.
constexpr Name kTimeNames[] = {
    {"compute", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "compute")},
    {"tp_comm", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "TP communication")},
    {"expert_comm", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "expert all-to-all communication")},
    {"p2p", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "to the next stage")},
    {"grad_sync", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "gradient sync")},
    {"optimizer", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "optimizer step")},
    {"embedding_sync", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "tied embedding all-reduce")},
    {"param_gather", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "parameter all-gather")},
    {"tp_comm_hidden", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "TP communication hidden under compute")},
    {"grad_sync_hidden", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "gradient sync hidden under the backward")},
    {"param_gather_hidden", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "parameter all-gather hidden under the forward")},
};
constexpr Name kMemoryNames[] = {
    {"params", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "parameters")},
    {"grads", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "gradients")},
    {"optimizer", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "optimizer state")},
    {"activations", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "activations")},
    {"other", QT_TRANSLATE_NOOP("arachne::gui::CostItems", "overhead")},
};
QString lookup(const Name* names, size_t n, const char* key) {
  for (size_t i = 0; i < n; ++i)
    if (!std::strcmp(names[i].key, key)) return QCoreApplication::translate("arachne::gui::CostItems", names[i].text);
  return QString::fromLatin1(key);  // a term the GUI does not name yet is shown by its key
}
}  // namespace

bool knowsTimeItem(const char* key) {
  for (const Name& n : kTimeNames)
    if (!std::strcmp(n.key, key)) return true;
  return false;
}

bool knowsMemoryItem(const char* key) {
  for (const Name& n : kMemoryNames)
    if (!std::strcmp(n.key, key)) return true;
  return false;
}

// The cost model reports the experts' all-to-all apart from TP's collectives (expert_comm), so
// every key has one name; the stage's kind and TP no longer change it.
QString timeItemName(const char* key, bool /*moeStage*/, int /*tp*/) { return lookup(kTimeNames, std::size(kTimeNames), key); }

QString memoryItemName(const char* key) { return lookup(kMemoryNames, std::size(kMemoryNames), key); }

}  // namespace arachne::gui
