// The GPU palette: one row per catalog GPU type; dragging a row carries a new node tile of
// `tileSize` GPUs (private MIME type) that the composition model turns into a node.
#pragma once

#include <QAbstractListModel>

namespace arachne {
class GpuCatalog;
}

namespace arachne::gui {

class GpuPaletteModel : public QAbstractListModel {
  Q_OBJECT
 public:
  enum Role { GpuTypeRole = Qt::UserRole + 1, UsualNodeSizeRole };

  explicit GpuPaletteModel(const GpuCatalog& catalog, QObject* parent = nullptr);

  // GPUs of the tile a drag carries; 0 means the type's usual node size.
  int tileSize() const { return tileSize_; }
  void setTileSize(int gpus);
  QString gpuTypeAt(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QStringList mimeTypes() const override;
  QMimeData* mimeData(const QModelIndexList& indexes) const override;
  Qt::DropActions supportedDragActions() const override { return Qt::CopyAction; }

 private:
  int tileGpus(int row) const;
  const GpuCatalog& catalog_;
  int tileSize_ = 0;
};

}  // namespace arachne::gui
