// Okabe-Ito colours and hatch patterns per GPU type.
#include "gpu_colors.h"

#include <array>

#include "catalog/gpu_catalog.h"

namespace arachne::gui {

namespace {
// Okabe & Ito (2008), "Color Universal Design"; black is left out because block labels are black.
constexpr std::array<QRgb, 7> kOkabeIto = {0xE69F00, 0x56B4E9, 0x009E73, 0xF0E442,
                                           0x0072B2, 0xD55E00, 0xCC79A7};
constexpr std::array<Qt::BrushStyle, 5> kPatterns = {Qt::NoBrush, Qt::BDiagPattern,
                                                     Qt::Dense6Pattern, Qt::FDiagPattern,
                                                     Qt::CrossPattern};

int indexOf(const GpuCatalog& catalog, const QString& gpuType) {
  int i = catalog.indexOf(gpuType.toStdString());
  return i < 0 ? 0 : i;
}
}  // namespace

QColor GpuColors::colorAt(int index) {
  return QColor(kOkabeIto[static_cast<size_t>(index) % kOkabeIto.size()]);
}

Qt::BrushStyle GpuColors::patternAt(int index) {
  // Colour and pattern cycle with co-prime periods, so pairs stay distinct for 35 types.
  return kPatterns[static_cast<size_t>(index) % kPatterns.size()];
}

QColor GpuColors::color(const GpuCatalog& catalog, const QString& gpuType) {
  return colorAt(indexOf(catalog, gpuType));
}

Qt::BrushStyle GpuColors::pattern(const GpuCatalog& catalog, const QString& gpuType) {
  return patternAt(indexOf(catalog, gpuType));
}

QColor GpuColors::textOn(const QColor& background) {
  return background.lightnessF() > 0.55 ? QColor(Qt::black) : QColor(Qt::white);
}

}  // namespace arachne::gui
