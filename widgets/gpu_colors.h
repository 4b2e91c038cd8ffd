// Colour and fill pattern of each GPU type: the Okabe-Ito palette (colour-blind safe) plus a
// pattern, so a GPU type is never told apart by colour alone.
#pragma once

#include <QBrush>
#include <QColor>
#include <QString>

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class GpuColors {
 public:
  // Index of the GPU type in the catalog decides colour and pattern, so every view agrees.
  static QColor color(const GpuCatalog& catalog, const QString& gpuType);
  static Qt::BrushStyle pattern(const GpuCatalog& catalog, const QString& gpuType);
  static QColor colorAt(int index);
  static Qt::BrushStyle patternAt(int index);
  // Black or white, whichever reads better on the colour.
  static QColor textOn(const QColor& background);
};

}  // namespace arachne::gui
