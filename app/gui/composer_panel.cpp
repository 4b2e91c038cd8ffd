// ComposerPanel: wiring of palette, cluster tree, node editor, actions and context menu.
#include "composer_panel.h"

#include <QAction>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QSpinBox>
#include <QTreeView>
#include <QVBoxLayout>

#include "catalog/gpu_catalog.h"
#include "cluster/node_network_json.h"
#include "composition_model.h"
#include "gpu_palette_model.h"
#include "wrapped_label.h"

namespace arachne::gui {

ComposerPanel::ComposerPanel(CompositionModel* model, GpuPaletteModel* palette, QWidget* parent)
    : QWidget(parent), model_(model), palette_(palette), paletteLabel_(new WrappedLabel(this)),
      paletteView_(new QListView(this)), tileLabel_(new QLabel(this)), tileSize_(new QSpinBox(this)),
      addButton_(new QPushButton(this)), clusterLabel_(new WrappedLabel(this)), tree_(new QTreeView(this)),
      nodeLabel_(new QLabel(this)), nodeGpus_(new QSpinBox(this)), priceLabel_(new QLabel(this)),
      nodePrice_(new QDoubleSpinBox(this)),
      duplicateButton_(new QPushButton(this)), deleteButton_(new QPushButton(this)),
      summary_(new WrappedLabel(this)) {
  paletteView_->setModel(palette_);
  paletteView_->setDragEnabled(true);
  paletteView_->setDragDropMode(QAbstractItemView::DragOnly);
  paletteView_->setDefaultDropAction(Qt::CopyAction);
  paletteView_->setMaximumHeight(170);
  paletteView_->setCurrentIndex(palette_->index(0));
  tileSize_->setRange(0, 64);  // 0: the GPU type's usual node size
  tileLabel_->setBuddy(tileSize_);
  paletteLabel_->setWordWrap(true);
  clusterLabel_->setWordWrap(true);

  tree_->setModel(model_);
  tree_->setDragEnabled(true);
  tree_->setAcceptDrops(true);
  tree_->setDropIndicatorShown(true);
  tree_->setDragDropMode(QAbstractItemView::DragDrop);
  tree_->setDefaultDropAction(Qt::MoveAction);
  // Extended: a why-dropped group selects all of its nodes; the node editor follows the current one.
  tree_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  tree_->setSelectionBehavior(QAbstractItemView::SelectRows);
  tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  tree_->setContextMenuPolicy(Qt::CustomContextMenu);
  // Every column as wide as its cells, the price filling what is left; a narrow dock scrolls
  // sideways rather than cut the node names (a stretched first column elided them to "K…").
  tree_->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
  tree_->header()->setStretchLastSection(true);
  tree_->setUniformRowHeights(true);
  nodeGpus_->setRange(1, 1024);
  nodeLabel_->setBuddy(nodeGpus_);
  // One step below 0 is "the catalog's price" (0 itself is a price: hardware already owned).
  nodePrice_->setDecimals(2);
  nodePrice_->setRange(-0.01, kMaxGpuHourPrice);
  nodePrice_->setSingleStep(0.1);
  nodePrice_->setPrefix(QStringLiteral("$"));
  priceLabel_->setBuddy(nodePrice_);
  QFont bold = summary_->font();
  bold.setBold(true);
  summary_->setFont(bold);
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  addAction_ = new QAction(this);
  addAction_->setShortcut(Qt::Key_Insert);
  duplicateAction_ = new QAction(this);
  duplicateAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_D));
  deleteAction_ = new QAction(this);
  deleteAction_->setShortcut(QKeySequence::Delete);
  moveUpAction_ = new QAction(this);
  moveUpAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Up));
  moveDownAction_ = new QAction(this);
  moveDownAction_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Down));
  for (QAction* a : editActions()) a->setShortcutContext(Qt::WindowShortcut);

  // Each field on its line and its buttons on the next: on one line they made the dock at least
  // 340 px wide (355 in German), which left a 1,024 px window a third of its width for the plan.
  const auto line = [](std::initializer_list<QWidget*> widgets) {
    auto* row = new QHBoxLayout;
    for (QWidget* w : widgets) row->addWidget(w, 1);
    return row;
  };
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(paletteLabel_);
  layout->addWidget(paletteView_);
  layout->addLayout(line({tileLabel_, tileSize_}));
  layout->addWidget(addButton_);
  layout->addWidget(clusterLabel_);
  layout->addWidget(tree_, 1);
  layout->addLayout(line({nodeLabel_, nodeGpus_}));
  layout->addLayout(line({priceLabel_, nodePrice_}));
  layout->addLayout(line({duplicateButton_, deleteButton_}));
  layout->addWidget(summary_);

  connect(tileSize_, &QSpinBox::valueChanged, palette_, &GpuPaletteModel::setTileSize);
  connect(addButton_, &QPushButton::clicked, this, &ComposerPanel::addFromPalette);
  connect(paletteView_, &QListView::activated, this, &ComposerPanel::addFromPalette);
  connect(addAction_, &QAction::triggered, this, &ComposerPanel::addFromPalette);
  connect(duplicateButton_, &QPushButton::clicked, this, &ComposerPanel::duplicateSelected);
  connect(duplicateAction_, &QAction::triggered, this, &ComposerPanel::duplicateSelected);
  connect(deleteButton_, &QPushButton::clicked, this, &ComposerPanel::deleteSelected);
  connect(deleteAction_, &QAction::triggered, this, &ComposerPanel::deleteSelected);
  connect(moveUpAction_, &QAction::triggered, this, [this] { moveSelected(-1); });
  connect(moveDownAction_, &QAction::triggered, this, [this] { moveSelected(+1); });
  // Every step of the spin box is one resize; the model merges them into one undo step.
  connect(nodeGpus_, &QSpinBox::valueChanged, this, [this](int gpus) {
    const int id = selectedNodeId();
    if (id >= 0) model_->resizeNode(id, gpus);
  });
  connect(nodePrice_, &QDoubleSpinBox::valueChanged, this, [this](double price) {
    const int id = selectedNodeId();
    if (id >= 0) model_->repriceNode(id, price < 0 ? -1.0 : price);
  });
  connect(tree_, &QTreeView::customContextMenuRequested, this, &ComposerPanel::showContextMenu);
  connect(model_, &CompositionModel::compositionChanged, this, [this] {
    updateSummary();
    tree_->expandAll();
    syncNodeEditor();
  });
  // Structural edits reset the model; keep the selected node selected across them.
  connect(model_, &QAbstractItemModel::modelAboutToBeReset, this,
          [this] { keptSelection_ = selectedNodeId(); });
  connect(model_, &QAbstractItemModel::modelReset, this, [this] {
    tree_->expandAll();
    if (keptSelection_ >= 0) highlightNode(keptSelection_);
  });
  connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &ComposerPanel::syncNodeEditor);
  retranslate();
  updateSummary();
  syncNodeEditor();
  tree_->expandAll();
}

QList<QAction*> ComposerPanel::editActions() const {
  return {addAction_, duplicateAction_, deleteAction_, moveUpAction_, moveDownAction_};
}

void ComposerPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) {
    retranslate();
    updateSummary();
  }
  QWidget::changeEvent(e);
}

void ComposerPanel::retranslate() {
  // Alt letters unique among the menus and docks (as in TrainingPanel::retranslate).
  paletteLabel_->setText(tr("GPU palette (drag a node tile onto the cluster):"));
  tileLabel_->setText(tr("&Tile GPUs:"));
  tileSize_->setSpecialValueText(tr("usual"));
  // The spin box drops its cached size for the new text but does not ask its layout again, so
  // after a switch to German "üblich" stayed in the room of "usual" ("iblich").
  tileSize_->updateGeometry();
  tileSize_->setToolTip(tr("GPUs in a new node; \"usual\" takes the GPU type's usual node size"));
  addButton_->setText(tr("&Add node"));
  clusterLabel_->setText(tr("Cluster (drag nodes to move, Ctrl+drag to copy, onto another type to change it):"));
  nodeLabel_->setText(tr("&GPUs in node:"));
  priceLabel_->setText(tr("Hourl&y price per GPU:"));
  nodePrice_->setSpecialValueText(tr("catalog"));
  nodePrice_->updateGeometry();
  nodePrice_->setToolTip(tr("The node's own price in USD per GPU-hour (what you pay, 0 for hardware you own); "
                            "\"catalog\" takes its GPU type's price from the catalog"));
  duplicateButton_->setText(tr("D&uplicate"));
  deleteButton_->setText(tr("&Delete"));
  addAction_->setText(tr("Add node from palette"));
  duplicateAction_->setText(tr("Duplicate node"));
  deleteAction_->setText(tr("Delete node"));
  moveUpAction_->setText(tr("Move node up"));
  moveDownAction_->setText(tr("Move node down"));
}

void ComposerPanel::updateSummary() {
  const Composition& c = model_->composition();
  QStringList perType;
  for (const auto& type : c.gpuTypes())
    perType << tr("%1: %2").arg(QString::fromStdString(type).toUpper()).arg(c.gpusOfType(type));
  summary_->setText(perType.join(QStringLiteral(" · ")) + QLatin1Char('\n') + model_->summaryText());
}

int ComposerPanel::selectedNodeId() const { return model_->nodeIdAt(tree_->currentIndex()); }

void ComposerPanel::syncNodeEditor() {
  const int id = selectedNodeId();
  const Node* n = id >= 0 ? model_->composition().findNode(id) : nullptr;
  const QSignalBlocker block(nodeGpus_), blockPrice(nodePrice_);
  nodeGpus_->setEnabled(n != nullptr);
  if (n) nodeGpus_->setValue(n->gpus);
  nodePrice_->setEnabled(n != nullptr);
  // Without a node the field reads "catalog", not a price of $0.00 nobody set.
  nodePrice_->setValue(n && n->price_per_gpu_hour >= 0 ? n->price_per_gpu_hour : nodePrice_->minimum());
  duplicateButton_->setEnabled(n != nullptr);
  deleteButton_->setEnabled(n != nullptr);
  duplicateAction_->setEnabled(n != nullptr);
  deleteAction_->setEnabled(n != nullptr);
  moveUpAction_->setEnabled(n != nullptr);
  moveDownAction_->setEnabled(n != nullptr);
}

int ComposerPanel::highlightNodes(const QList<int>& nodeIds) {
  QItemSelection selection;
  QModelIndex first;
  for (int id : nodeIds) {
    const QModelIndex idx = model_->indexOfNode(id);
    if (!idx.isValid()) continue;
    if (!first.isValid()) first = idx;
    tree_->expand(idx.parent());
    selection.select(idx, idx.siblingAtColumn(CompositionModel::ColumnCount - 1));
  }
  if (!first.isValid()) return 0;
  tree_->selectionModel()->setCurrentIndex(first, QItemSelectionModel::NoUpdate);
  tree_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
  tree_->scrollTo(first);
  syncNodeEditor();
  return static_cast<int>(selection.indexes().size() / CompositionModel::ColumnCount);
}

QList<int> ComposerPanel::selectedNodeIds() const {
  QList<int> out;
  for (const QModelIndex& i : tree_->selectionModel()->selectedRows()) {
    const int id = model_->nodeIdAt(i);
    if (id >= 0) out << id;
  }
  return out;
}

bool ComposerPanel::highlightNode(int nodeId) {
  const QModelIndex idx = model_->indexOfNode(nodeId);
  if (!idx.isValid()) return false;
  tree_->expand(idx.parent());
  tree_->setCurrentIndex(idx);
  tree_->scrollTo(idx);
  return true;
}

void ComposerPanel::addFromPalette() {
  const QModelIndex idx = paletteView_->currentIndex();
  if (!idx.isValid()) return;
  const int gpus = tileSize_->value() > 0 ? tileSize_->value()
                                          : idx.data(GpuPaletteModel::UsualNodeSizeRole).toInt();
  model_->addNode(palette_->gpuTypeAt(idx.row()), gpus);
}

void ComposerPanel::duplicateSelected() {
  const int id = selectedNodeId();
  if (id >= 0) model_->duplicateNode(id);
}

void ComposerPanel::deleteSelected() {
  const int id = selectedNodeId();
  if (id >= 0) model_->deleteNode(id);
}

void ComposerPanel::moveSelected(int delta) {
  const int id = selectedNodeId();
  if (id < 0) return;
  const Node* n = model_->composition().findNode(id);
  model_->moveNode(id, QString::fromStdString(n->gpu_type), model_->positionOf(id) + delta);
  highlightNode(id);
}

void ComposerPanel::showContextMenu(const QPoint& pos) {
  const QModelIndex idx = tree_->indexAt(pos);
  if (idx.isValid()) tree_->setCurrentIndex(idx);
  QMenu menu(this);
  menu.addAction(addAction_);
  const int id = selectedNodeId();
  if (id >= 0) {
    menu.addAction(duplicateAction_);
    menu.addAction(deleteAction_);
    menu.addAction(moveUpAction_);
    menu.addAction(moveDownAction_);
    // The keyboard way to drop a node onto another GPU type.
    QMenu* change = menu.addMenu(tr("Change GPU type to"));
    const Node* n = model_->composition().findNode(id);
    for (const auto& t : model_->catalog().types()) {
      if (t.id == n->gpu_type) continue;
      const QString type = QString::fromStdString(t.id);
      change->addAction(type.toUpper(), this, [this, id, type] {
        model_->moveNode(id, type, model_->positionOf(id));
        highlightNode(id);
      });
    }
  }
  menu.exec(tree_->viewport()->mapToGlobal(pos));
}

}  // namespace arachne::gui
