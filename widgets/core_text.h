// The core's sentences and words in the user's language: a Reason's wording is looked up in
// the translations (context "arachne::text", strings from core/plan/texts.h) and its values are
// formatted with the locale. The names of the cost model's time and memory items live here too.
#pragma once

#include <QString>
#include <string>

#include "plan/reason.h"

namespace arachne::gui {

// The reason in the current language; `fallback` (the core's English text) when it is empty.
QString coreText(const Reason& reason, const std::string& fallback = {});
// One text:: constant (a word such as "optimizer" or "inter-node") in the current language.
QString coreTerm(const char* text);
// A stage report's link name ("intra-node", "inter-node", "none").
QString linkName(const std::string& link);
// The name of a cost-model time item (report_items.h key). On MoE stages the TP communication
// item also holds the expert all-to-all, and on TP 1 it is only that, so the name says so.
QString timeItemName(const char* key, bool moeStage = false, int tp = 1);
// The name of a memory item (report_items.h key).
QString memoryItemName(const char* key);
// Whether the GUI has a name for the key (a test checks every key of the core has one).
bool knowsTimeItem(const char* key);
bool knowsMemoryItem(const char* key);

}  // namespace arachne::gui
