// LaunchExportAction: choosing a format and a directory, then writing the launch files.
#include "launch_export_action.h"

#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QInputDialog>
#include <QMenu>
#include <QMessageBox>
#include <QSaveFile>

#include "catalog/gpu_catalog.h"
#include "launch/launch_export.h"
#include "launch/rank_map.h"

namespace arachne::gui {

LaunchExportAction::LaunchExportAction(QWidget* window, QMenu* menu, std::function<LaunchExportInput()> input)
    : QAction(window), window_(window), input_(std::move(input)) {
  menu->addAction(this);
  setEnabled(false);
  connect(menu, &QMenu::aboutToShow, this, [this] { setEnabled(input_().result != nullptr); });
  connect(this, &QAction::triggered, this, &LaunchExportAction::run);
  window->installEventFilter(this);
  retranslate();
}

bool LaunchExportAction::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::LanguageChange) retranslate();
  return QAction::eventFilter(watched, event);
}

void LaunchExportAction::retranslate() { setText(tr("Export &launch files…")); }

QString LaunchExportAction::exportTo(const LaunchExportInput& in, const QString& format, const QString& directory, bool* ok) {
  *ok = false;
  const auto f = launchFormatFromString(format.toStdString());
  if (!in.result || !in.request || !f) return tr("There is no plan to export.");
  LaunchExport e;
  try {
    e = exportLaunch(*f, in.result->plan, in.request->composition, in.request->model, in.request->spec,
                     GpuCatalog::builtin(), "the plan on screen", "arachne " ARACHNE_VERSION " File > Export launch files");
  } catch (const RankMapError& x) {
    return tr("The plan does not fit the cluster: %1").arg(QString::fromUtf8(x.what()));
  }
  if (!QDir().mkpath(directory)) return tr("Cannot create %1").arg(directory);
  QStringList written;
  for (const LaunchFile& file : e.files) {
    const QString path = QDir(directory).filePath(QString::fromStdString(file.name));
    QSaveFile out(path);
    if (!out.open(QIODevice::WriteOnly) || out.write(file.text.data(), static_cast<qint64>(file.text.size())) < 0)
      return tr("Cannot write %1: %2").arg(path, out.errorString());
    if (file.executable)
      out.setPermissions(out.permissions() | QFileDevice::ExeOwner | QFileDevice::ExeGroup | QFileDevice::ExeOther);
    if (!out.commit()) return tr("Cannot write %1: %2").arg(path, out.errorString());
    written << QString::fromStdString(file.name);
  }
  QString message;
  if (e.blocked()) {
    message = tr("Megatron-LM cannot run this plan unmodified:") + QLatin1Char('\n');
    for (const std::string& b : e.blockers) message += QStringLiteral("• ") + QString::fromStdString(b) + QLatin1Char('\n');
    message += tr("No Megatron-LM command was written; the rank map was written instead.") + QLatin1Char('\n');
  }
  for (const std::string& n : e.notes) message += tr("Note: %1").arg(QString::fromStdString(n)) + QLatin1Char('\n');
  message += tr("Wrote %1 into %2.").arg(written.join(QStringLiteral(", ")), directory);
  *ok = !e.blocked();
  return message;
}

void LaunchExportAction::run() {
  const LaunchExportInput in = input_();
  if (!in.result) return;
  const QStringList labels = {tr("Megatron-LM (launch.sh, rankmap.json, hostfile)"),
                              tr("torchrun for any training script (launch.sh, rankmap.json, hostfile)"),
                              tr("Rank map only (rankmap.json, hostfile)")};
  const QStringList formats = {QStringLiteral("megatron"), QStringLiteral("torchrun"), QStringLiteral("rankmap")};
  bool chosen = false;
  const QString label = QInputDialog::getItem(window_, tr("Export launch files"), tr("Format:"), labels, 0, false, &chosen);
  if (!chosen) return;
  const QString dir = QFileDialog::getExistingDirectory(window_, tr("Export launch files into"));
  if (dir.isEmpty()) return;
  bool ok = false;
  const QString message = exportTo(in, formats.at(labels.indexOf(label)), dir, &ok);
  if (ok)
    QMessageBox::information(window_, tr("Export launch files"), message);
  else
    QMessageBox::warning(window_, tr("Export launch files"), message);
}

}  // namespace arachne::gui
