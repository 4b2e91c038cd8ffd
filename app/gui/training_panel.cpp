// TrainingPanel: catalog models plus loaded files in one combo; a model brings its defaults.
#include "training_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

#include "io/load_error.h"
#include "layer_text.h"
#include "wrapped_label.h"
#include "model/model_catalog.h"

namespace arachne::gui {

TrainingPanel::TrainingPanel(QWidget* parent)
    : QWidget(parent), form_(new QFormLayout(this)), modelBox_(new QComboBox(this)),
      fileButton_(new QPushButton(this)), modelInfo_(new WrappedLabel(this)),
      globalBatch_(new QSpinBox(this)), sequenceLength_(new QSpinBox(this)),
      precision_(new QComboBox(this)), checkpointing_(new QCheckBox(this)) {
  models_ = ModelCatalog::builtin().models();
  for (const auto& m : models_) modelBox_->addItem(QString::fromStdString(m.id));
  // The plan files' ranges: a file's batch above the field's maximum was shown clamped, and the
  // next plan or what-if used the clamped value.
  globalBatch_->setRange(1, kMaxGlobalBatch);
  sequenceLength_->setRange(1, kMaxSequenceLength);
  sequenceLength_->setSingleStep(512);
  precision_->addItem(QStringLiteral("bf16"), static_cast<int>(Precision::Bf16));
  precision_->addItem(QStringLiteral("fp16"), static_cast<int>(Precision::Fp16));
  precision_->addItem(QStringLiteral("fp32"), static_cast<int>(Precision::Fp32));
  // Transformer Engine's FP8 (the cost model prices it on GPU types with FP8 units and names the
  // others as blocked).
  precision_->addItem(QStringLiteral("fp8"), static_cast<int>(Precision::Fp8));
  // A field goes under its label when both do not fit side by side, so the dock can be narrower
  // than the widest label plus the widest field (308 px in German).
  form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
  form_->addRow(QStringLiteral("model"), modelBox_);
  form_->addRow(QString(), fileButton_);
  form_->addRow(QString(), modelInfo_);
  form_->addRow(QStringLiteral("batch"), globalBatch_);
  form_->addRow(QStringLiteral("seq"), sequenceLength_);
  form_->addRow(QStringLiteral("precision"), precision_);
  form_->addRow(QString(), checkpointing_);
  connect(modelBox_, &QComboBox::currentIndexChanged, this, [this] {
    applyDefaults();
    emit changed();
  });
  connect(fileButton_, &QPushButton::clicked, this, &TrainingPanel::openModelFile);
  connect(globalBatch_, &QSpinBox::valueChanged, this, &TrainingPanel::changed);
  connect(sequenceLength_, &QSpinBox::valueChanged, this, &TrainingPanel::changed);
  connect(precision_, &QComboBox::currentIndexChanged, this, &TrainingPanel::changed);
  connect(checkpointing_, &QCheckBox::toggled, this, &TrainingPanel::changed);
  retranslate();
  if (!models_.empty()) applyDefaults();
}

void TrainingPanel::changeEvent(QEvent* e) {
  if (e->type() == QEvent::LanguageChange) retranslate();
  QWidget::changeEvent(e);
}

void TrainingPanel::retranslate() {
  auto label = [this](QWidget* field, const QString& text) {
    if (auto* l = qobject_cast<QLabel*>(form_->labelForField(field))) l->setText(text);
  };
  // Alt letters: none of a menu title's (File, Edit, Presets, Plan, View) and none another
  // label or button of the docks has (tst_gui_mainwindow's mnemonicsDoNotClash, every language).
  label(modelBox_, tr("&Model:"));
  label(globalBatch_, tr("Global batc&h:"));
  label(sequenceLength_, tr("&Sequence length:"));
  label(precision_, tr("Prec&ision:"));
  fileButton_->setText(tr("&Open model file…"));
  globalBatch_->setSuffix(tr(" sequences"));
  sequenceLength_->setSuffix(tr(" tokens"));
  checkpointing_->setText(tr("Activation &checkpointing"));
  checkpointing_->setToolTip(tr("Keep only each layer's input and recompute the rest in the backward pass"));
  showModelInfo();
}

const Model& TrainingPanel::model() const {
  return models_[static_cast<size_t>(std::max(0, modelBox_->currentIndex()))];
}

QString TrainingPanel::modelId() const { return QString::fromStdString(model().id); }

TrainingSpec TrainingPanel::spec() const {
  TrainingSpec s = model().default_training;
  s.global_batch = globalBatch_->value();
  s.sequence_length = sequenceLength_->value();
  s.precision = static_cast<Precision>(precision_->currentData().toInt());
  s.activation_checkpointing = checkpointing_->isChecked();
  return s;
}

void TrainingPanel::setPrecision(Precision precision) {
  precision_->setCurrentIndex(precision_->findData(static_cast<int>(precision)));
}

void TrainingPanel::setSpec(const TrainingSpec& spec) {
  {
    const QSignalBlocker b1(globalBatch_), b2(sequenceLength_), b3(precision_), b4(checkpointing_);
    globalBatch_->setValue(spec.global_batch);
    sequenceLength_->setValue(spec.sequence_length);
    precision_->setCurrentIndex(precision_->findData(static_cast<int>(spec.precision)));
    checkpointing_->setChecked(spec.activation_checkpointing);
  }
  emit changed();
}

void TrainingPanel::showModelInfo() {
  if (models_.empty()) return;
  const Model& m = model();
  modelInfo_->setText(tr("%1 · %2 billion parameters · %3")
                          .arg(QString::fromStdString(m.name))
                          .arg(QLocale().toString(m.totalParams() / 1e9, 'f', 1))
                          .arg(modelLayerSummary(m)));
}

void TrainingPanel::applyDefaults() {
  if (models_.empty()) return;
  const Model& m = model();
  const QSignalBlocker b1(globalBatch_), b2(sequenceLength_), b3(precision_), b4(checkpointing_);
  globalBatch_->setValue(m.default_training.global_batch);
  sequenceLength_->setValue(m.default_training.sequence_length);
  precision_->setCurrentIndex(precision_->findData(static_cast<int>(m.default_training.precision)));
  checkpointing_->setChecked(m.default_training.activation_checkpointing);
  showModelInfo();
}

bool TrainingPanel::selectModel(const QString& idOrFile, QString* error) {
  for (size_t i = 0; i < models_.size(); ++i)
    if (QString::fromStdString(models_[i].id) == idOrFile) {
      modelBox_->setCurrentIndex(static_cast<int>(i));
      return true;
    }
  try {
    Model m = resolveModel(idOrFile.toStdString());
    models_.push_back(m);
    modelBox_->addItem(QStringLiteral("%1 (%2)").arg(QString::fromStdString(m.id),
                                                     QFileInfo(idOrFile).fileName()));
    modelBox_->setCurrentIndex(modelBox_->count() - 1);
    return true;
  } catch (const LoadError& e) {
    if (error) *error = QString::fromStdString(e.what());
    return false;
  }
}

void TrainingPanel::openModelFile() {
  const QString path = QFileDialog::getOpenFileName(this, tr("Open model file"), QString(),
                                                    tr("Model JSON (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!selectModel(path, &error)) QMessageBox::warning(this, tr("Cannot open model"), error);
}

}  // namespace arachne::gui
