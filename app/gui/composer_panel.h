// The cluster composer: GPU palette (drag a node tile onto the cluster), the cluster tree with
// drag-and-drop, and a keyboard/button/context-menu way for every drag. Always shows the GPU
// count per type and the price per hour.
#pragma once

#include <QWidget>

class QLabel;
class QListView;
class QPushButton;
class QDoubleSpinBox;
class QSpinBox;
class QTreeView;
class QAction;
class QMenu;

namespace arachne::gui {

class CompositionModel;
class GpuPaletteModel;

class ComposerPanel : public QWidget {
  Q_OBJECT
 public:
  ComposerPanel(CompositionModel* model, GpuPaletteModel* palette, QWidget* parent = nullptr);

  QTreeView* clusterView() const { return tree_; }
  // Selects and scrolls to a node (from the why-dropped panel); false when it is not there.
  bool highlightNode(int nodeId);
  // Selects every node of the list (a why-dropped group); returns how many were found.
  int highlightNodes(const QList<int>& nodeIds);
  QList<int> selectedNodeIds() const;
  int selectedNodeId() const;
  // The edit actions, also placed in the main window's Edit menu.
  QList<QAction*> editActions() const;

 public slots:
  void addFromPalette();
  void duplicateSelected();
  void deleteSelected();
  void moveSelected(int delta);

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void updateSummary();
  void syncNodeEditor();
  void showContextMenu(const QPoint& pos);

  CompositionModel* model_;
  GpuPaletteModel* palette_;
  QLabel* paletteLabel_;
  QListView* paletteView_;
  QLabel* tileLabel_;
  QSpinBox* tileSize_;
  QPushButton* addButton_;
  QLabel* clusterLabel_;
  QTreeView* tree_;
  QLabel* nodeLabel_;
  QSpinBox* nodeGpus_;
  QLabel* priceLabel_;
  QDoubleSpinBox* nodePrice_;  // the node's own USD per GPU-hour; its minimum reads "catalog"
  QPushButton* duplicateButton_;
  QPushButton* deleteButton_;
  QLabel* summary_;
  QAction* addAction_;
  QAction* duplicateAction_;
  QAction* deleteAction_;
  QAction* moveUpAction_;
  QAction* moveDownAction_;
  int keptSelection_ = -1;
};

}  // namespace arachne::gui
