// modelLayerSummary / layerRangeText: counting embedding, blocks and head apart.
#include "layer_text.h"

#include <QCoreApplication>

namespace arachne::gui {

QString modelLayerSummary(const Model& m) {
  int blocks = 0, moe = 0;
  bool embedding = false, head = false;
  for (int i = 0; i < m.layerCount(); ++i) {
    switch (m.layer(i).kind) {
      case LayerKind::Embedding: embedding = true; break;
      case LayerKind::Head: head = true; break;
      case LayerKind::MoeBlock: ++moe; [[fallthrough]];
      case LayerKind::DenseBlock: ++blocks; break;
    }
  }
  QString s = moe > 0 ? QCoreApplication::translate("arachne::gui::LayerText", "%n transformer block(s), %1 of them MoE", nullptr, blocks).arg(moe)
                      : QCoreApplication::translate("arachne::gui::LayerText", "%n transformer block(s)", nullptr, blocks);
  if (embedding) s += QCoreApplication::translate("arachne::gui::LayerText", " + embedding");
  if (head) s += QCoreApplication::translate("arachne::gui::LayerText", " + head");
  return s + QCoreApplication::translate("arachne::gui::LayerText", " (%n pipeline layer(s))", nullptr, m.layerCount());
}

QString layerRangeText(const Model& m, int first, int last) {
  if (first < 0 || last >= m.layerCount() || last < first) return {};
  // Block numbers count transformer blocks from 1, as papers and Megatron's logs do.
  int blockBefore = 0;
  for (int i = 0; i < first; ++i)
    if (m.layer(i).kind == LayerKind::DenseBlock || m.layer(i).kind == LayerKind::MoeBlock) ++blockBefore;
  int blocks = 0;
  bool embedding = false, head = false;
  for (int i = first; i <= last; ++i) {
    const LayerKind k = m.layer(i).kind;
    if (k == LayerKind::Embedding) embedding = true;
    else if (k == LayerKind::Head) head = true;
    else ++blocks;
  }
  QStringList parts;
  if (embedding) parts << QCoreApplication::translate("arachne::gui::LayerText", "embedding");
  if (blocks == 1)
    parts << QCoreApplication::translate("arachne::gui::LayerText", "block %1").arg(blockBefore + 1);
  else if (blocks > 1)
    parts << QCoreApplication::translate("arachne::gui::LayerText", "blocks %1–%2").arg(blockBefore + 1).arg(blockBefore + blocks);
  if (head) parts << QCoreApplication::translate("arachne::gui::LayerText", "head");
  return parts.join(QStringLiteral(" + "));
}

}  // namespace arachne::gui
