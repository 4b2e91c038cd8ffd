// A word-wrapped label that keeps its whole text in dock and splitter layouts.
#pragma once

#include <QLabel>

namespace arachne::gui {

// Dock and splitter layouts never ask a widget its height for a given width, so a word-wrapped
// QLabel got the height of some other width and lost its last lines in a small window (the
// model's description in the settings dock, a scenario step's detail). This label's minimum
// height is the height its text needs at the width it has, asked again whenever its text or its
// width changes.
class WrappedLabel : public QLabel {
  Q_OBJECT
 public:
  explicit WrappedLabel(QWidget* parent = nullptr);
  QSize minimumSizeHint() const override;

 protected:
  void resizeEvent(QResizeEvent* event) override;
  void showEvent(QShowEvent* event) override;
};

}  // namespace arachne::gui
