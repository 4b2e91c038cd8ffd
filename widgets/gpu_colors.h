// Colour and fill pattern of each GPU type: the Okabe-Ito palette (colour-blind safe) plus grey,
// each colour used by at most two types with different hatch patterns, so every one of 16 types
// is its own (colour, pattern) pair and is never told apart by colour alone.
#pragma once

#include <QBrush>
#include <QColor>
#include <QIcon>
#include <QString>

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class GpuColors {
 public:
  static constexpr int kDistinct = 16;  // types before a (colour, pattern) pair repeats
  // Index of the GPU type in the catalog decides colour and pattern, so every view agrees.
  static QColor color(const GpuCatalog& catalog, const QString& gpuType);
  static Qt::BrushStyle pattern(const GpuCatalog& catalog, const QString& gpuType);
  static QColor colorAt(int index);
  static Qt::BrushStyle patternAt(int index);
  // A swatch of colour and pattern, for item views (palette, cluster tree, why-dropped rows).
  static QIcon iconAt(int index, int size = 16);
  static QIcon icon(const GpuCatalog& catalog, const QString& gpuType, int size = 16);
  // Fills `r` with the type's colour and overlays its pattern (the one drawing every view uses).
  static void paintSwatch(class QPainter& p, const QRect& r, int index, int patternAlpha = 110);
  // Black or white, whichever reads better on the colour.
  static QColor textOn(const QColor& background);
};

}  // namespace arachne::gui
