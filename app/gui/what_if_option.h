// The --whatif option of the arachne executable: one edit of the what-if editor, written
// tp:T:S:N, replicas:T:N, depth:T:N or mb:T:N (templates and stages count from 1).
#pragma once

#include <QString>

namespace arachne::gui {

class WhatIfSession;

// Makes the edit in the session. Returns an empty string when it was made, else why not: the
// rule it breaks (the session's own), or that the plan already has that value.
QString applyWhatIfOption(WhatIfSession& session, const QString& edit);

}  // namespace arachne::gui
