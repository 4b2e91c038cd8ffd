// GpuPaletteModel: catalog GPU types as draggable node tiles.
#include "gpu_palette_model.h"

#include <QDataStream>
#include <QIODevice>
#include <QLocale>
#include <QMimeData>

#include "catalog/gpu_catalog.h"
#include "gpu_colors.h"
#include "mime_types.h"

namespace arachne::gui {

GpuPaletteModel::GpuPaletteModel(const GpuCatalog& catalog, QObject* parent)
    : QAbstractListModel(parent), catalog_(catalog) {}

void GpuPaletteModel::setTileSize(int gpus) {
  if (gpus < 0 || gpus == tileSize_) return;
  tileSize_ = gpus;
  if (rowCount() > 0) emit dataChanged(index(0), index(rowCount() - 1));
}

QString GpuPaletteModel::gpuTypeAt(int row) const {
  if (row < 0 || row >= rowCount()) return {};
  return QString::fromStdString(catalog_.types()[static_cast<size_t>(row)].id);
}

int GpuPaletteModel::tileGpus(int row) const {
  return tileSize_ > 0 ? tileSize_ : catalog_.types()[static_cast<size_t>(row)].usual_node_size;
}

int GpuPaletteModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(catalog_.types().size());
}

QVariant GpuPaletteModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto& t = catalog_.types()[static_cast<size_t>(index.row())];
  const QLocale locale;
  switch (role) {
    case Qt::DisplayRole:
      return tr("%1 · %2 GiB · $%3/GPU-h")
          .arg(QString::fromStdString(t.id).toUpper())
          .arg(locale.toString(t.memory_bytes / (1024.0 * 1024.0 * 1024.0), 'f', 1))
          .arg(locale.toString(t.price_per_hour, 'f', 2));
    case Qt::ToolTipRole:
      return tr("%1\nDrag onto the cluster to add a node of %n GPU(s), or press Insert.",
                nullptr, tileGpus(index.row()))
          .arg(QString::fromStdString(t.name));
    case Qt::DecorationRole:
      return GpuColors::iconAt(index.row());
    case GpuTypeRole:
      return QString::fromStdString(t.id);
    case UsualNodeSizeRole:
      return t.usual_node_size;
    default:
      return {};
  }
}

Qt::ItemFlags GpuPaletteModel::flags(const QModelIndex& index) const {
  if (!index.isValid()) return Qt::NoItemFlags;
  return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsDragEnabled;
}

QStringList GpuPaletteModel::mimeTypes() const { return {tileMimeType()}; }

QMimeData* GpuPaletteModel::mimeData(const QModelIndexList& indexes) const {
  if (indexes.isEmpty() || !indexes.first().isValid()) return nullptr;
  const int row = indexes.first().row();
  QByteArray bytes;
  QDataStream out(&bytes, QIODevice::WriteOnly);
  out << gpuTypeAt(row) << static_cast<qint32>(tileGpus(row));
  auto* mime = new QMimeData;
  mime->setData(tileMimeType(), bytes);
  return mime;
}

}  // namespace arachne::gui
