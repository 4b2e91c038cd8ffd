// ScenarioEventDialog: a form per event kind; the node list follows the chosen time.
#include "scenario_event_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QListWidget>
#include <QSpinBox>

#include "catalog/gpu_catalog.h"
#include "cluster/cluster_limits.h"
#include "core_text.h"

namespace arachne::gui {

ScenarioEventDialog::ScenarioEventDialog(ScenarioEventKind kind, const Scenario& scenario, const GpuCatalog& catalog,
                                         double seconds, QWidget* parent)
    : QDialog(parent), kind_(kind), scenario_(scenario) {
  setWindowTitle(kind == ScenarioEventKind::Join ? tr("Add a join") : kind == ScenarioEventKind::Leave ? tr("Add a leave")
                                                                                                      : tr("Add a failure"));
  auto* form = new QFormLayout(this);
  time_ = new QDoubleSpinBox(this);
  time_->setRange(1, 1e9);
  time_->setDecimals(0);
  time_->setSuffix(tr(" s"));
  time_->setValue(seconds);
  form->addRow(tr("At"), time_);
  if (kind == ScenarioEventKind::Join) {
    type_ = new QComboBox(this);
    for (const GpuType& t : catalog.types()) type_->addItem(QString::fromStdString(t.name), QString::fromStdString(t.id));
    form->addRow(tr("GPU type"), type_);
    gpus_ = new QSpinBox(this);
    gpus_->setRange(1, kMaxNodeGpus);
    gpus_->setValue(4);
    form->addRow(tr("GPUs per node"), gpus_);
    count_ = new QSpinBox(this);
    count_->setRange(1, 1000);
    form->addRow(tr("Nodes"), count_);
    name_ = new QLineEdit(this);
    name_->setPlaceholderText(tr("optional, for one node"));
    form->addRow(tr("Name"), name_);
    connect(type_, &QComboBox::currentIndexChanged, this, [this, &catalog](int i) {
      if (i >= 0 && i < static_cast<int>(catalog.types().size())) gpus_->setValue(catalog.types()[static_cast<size_t>(i)].usual_node_size);
    });
  } else {
    nodes_ = new QListWidget(this);
    form->addRow(tr("Nodes"), nodes_);
    connect(time_, &QDoubleSpinBox::valueChanged, this, &ScenarioEventDialog::refillNodes);
    refillNodes();
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  form->addRow(buttons);
}

void ScenarioEventDialog::refillNodes() {
  if (!nodes_) return;
  size_t before = 0;
  while (before < scenario_.events.size() && scenario_.events[before].at_s <= time_->value()) ++before;
  const Composition c = scenario_.compositionAfter(before);
  nodes_->clear();
  for (const Node& n : c.nodes()) {
    auto* item = new QListWidgetItem(QStringLiteral("%1 — %2 × %3")
                                         .arg(coreText(scenario_.nodeLabelText(n.id)))
                                         .arg(n.gpus)
                                         .arg(QString::fromStdString(n.gpu_type)),
                                     nodes_);
    item->setData(Qt::UserRole, n.id);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
  }
}

ScenarioEvent ScenarioEventDialog::event() const {
  ScenarioEvent e;
  e.kind = kind_;
  e.at_s = time_->value();
  if (kind_ == ScenarioEventKind::Join) {
    int id = scenario_.nextNodeId();
    for (int k = 0; k < count_->value(); ++k) e.nodes.push_back({id++, type_->currentData().toString().toStdString(), gpus_->value(), 0});
  } else {
    for (int i = 0; i < nodes_->count(); ++i)
      if (nodes_->item(i)->checkState() == Qt::Checked) e.node_ids.push_back(nodes_->item(i)->data(Qt::UserRole).toInt());
  }
  return e;
}

std::map<int, std::string> ScenarioEventDialog::names() const {
  std::map<int, std::string> out;
  if (kind_ == ScenarioEventKind::Join && count_->value() == 1 && !name_->text().trimmed().isEmpty())
    out[scenario_.nextNodeId()] = name_->text().trimmed().toStdString();
  return out;
}

}  // namespace arachne::gui
