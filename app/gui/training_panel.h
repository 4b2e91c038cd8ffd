// Model and training settings: a model from the catalog or a model file, global batch,
// sequence length, precision and activation checkpointing.
#pragma once

#include <QWidget>
#include <vector>

#include "catalog/training_spec.h"
#include "model/model.h"

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QPushButton;
class QSpinBox;

namespace arachne::gui {

class TrainingPanel : public QWidget {
  Q_OBJECT
 public:
  explicit TrainingPanel(QWidget* parent = nullptr);

  const Model& model() const;
  TrainingSpec spec() const;
  // Selects a catalog model by id or loads a model file (resolveModel); false with `error` set.
  bool selectModel(const QString& idOrFile, QString* error = nullptr);
  QString modelId() const;
  void setPrecision(Precision precision);  // emits changed() when it changes
  // Shows a spec (e.g. the one an opened plan file records) in the fields; emits changed().
  void setSpec(const TrainingSpec& spec);

 signals:
  void changed();

 public slots:
  void openModelFile();

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void applyDefaults();
  void showModelInfo();
  std::vector<Model> models_;
  QFormLayout* form_;
  QComboBox* modelBox_;
  QPushButton* fileButton_;
  QLabel* modelInfo_;
  QSpinBox* globalBatch_;
  QSpinBox* sequenceLength_;
  QComboBox* precision_;
  QCheckBox* checkpointing_;
};

}  // namespace arachne::gui
