// WrappedLabel: a word-wrapped QLabel whose minimum height follows its width.
#include "wrapped_label.h"

#include <QResizeEvent>

namespace arachne::gui {

WrappedLabel::WrappedLabel(QWidget* parent) : QLabel(parent) { setWordWrap(true); }

QSize WrappedLabel::minimumSizeHint() const {
  const QSize base = QLabel::minimumSizeHint();
  // Before it is shown its width is not the layout's yet: a minimum from it could make the
  // window taller for good.
  if (!isVisible()) return base;
  return {base.width(), std::max(base.height(), heightForWidth(width()))};
}

void WrappedLabel::resizeEvent(QResizeEvent* event) {
  QLabel::resizeEvent(event);
  if (event->size().width() != event->oldSize().width()) updateGeometry();  // another minimum height
}

void WrappedLabel::showEvent(QShowEvent* event) {
  QLabel::showEvent(event);
  updateGeometry();
}

}  // namespace arachne::gui
