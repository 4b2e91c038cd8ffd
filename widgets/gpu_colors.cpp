// Okabe-Ito colours (plus grey) and hatch patterns per GPU type.
#include "gpu_colors.h"

#include <QPainter>
#include <QPixmap>
#include <array>

#include "catalog/gpu_catalog.h"

namespace arachne::gui {

namespace {
// Okabe & Ito (2008), "Color Universal Design", without black (block labels are black), plus a
// neutral grey: eight colours that stay apart under the common colour-vision deficiencies.
constexpr std::array<QRgb, 8> kColors = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                         0x0072B2, 0xD55E00, 0xCC79A7, 0xAAAAAA};
// Eight fills; type i gets pattern i % 8, type i + 8 pattern (i + 4) % 8, so two types of one
// colour never share a pattern either.
constexpr std::array<Qt::BrushStyle, 8> kPatterns = {Qt::NoBrush,      Qt::BDiagPattern, Qt::FDiagPattern,
                                                     Qt::CrossPattern, Qt::Dense5Pattern, Qt::HorPattern,
                                                     Qt::VerPattern,   Qt::DiagCrossPattern};

int indexOf(const GpuCatalog& catalog, const QString& gpuType) {
  int i = catalog.indexOf(gpuType.toStdString());
  return i < 0 ? 0 : i;
}
}  // namespace

QColor GpuColors::colorAt(int index) {
  return QColor(kColors[static_cast<size_t>(index) % kColors.size()]);
}

Qt::BrushStyle GpuColors::patternAt(int index) {
  const size_t i = static_cast<size_t>(index) % kDistinct;
  const size_t n = kPatterns.size();
  return kPatterns[i < n ? i : (i + 4) % n];
}

QColor GpuColors::color(const GpuCatalog& catalog, const QString& gpuType) {
  return colorAt(indexOf(catalog, gpuType));
}

Qt::BrushStyle GpuColors::pattern(const GpuCatalog& catalog, const QString& gpuType) {
  return patternAt(indexOf(catalog, gpuType));
}

void GpuColors::paintSwatch(QPainter& p, const QRect& r, int index, int patternAlpha) {
  p.fillRect(r, colorAt(index));
  if (patternAt(index) != Qt::NoBrush) p.fillRect(r, QBrush(QColor(0, 0, 0, patternAlpha), patternAt(index)));
}

QIcon GpuColors::iconAt(int index, int size) {
  QPixmap pm(size, size);
  pm.fill(Qt::transparent);
  QPainter p(&pm);
  paintSwatch(p, QRect(1, 1, size - 2, size - 2), index, 150);
  p.setPen(QColor(60, 60, 60));
  p.drawRect(QRect(1, 1, size - 3, size - 3));
  return QIcon(pm);
}

QIcon GpuColors::icon(const GpuCatalog& catalog, const QString& gpuType, int size) {
  return iconAt(indexOf(catalog, gpuType), size);
}

QColor GpuColors::textOn(const QColor& background) {
  return background.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace arachne::gui
