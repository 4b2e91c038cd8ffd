// The private MIME types of the cluster composer's drag-and-drop.
#pragma once

#include <QString>

namespace arachne::gui {

// Existing nodes being moved (or copied with Ctrl): a QDataStream of node ids (qint32).
inline QString nodeMimeType() { return QStringLiteral("application/x-arachne-node"); }
// A new node tile from the GPU palette: QDataStream of GPU type id (QString) and GPUs (qint32).
inline QString tileMimeType() { return QStringLiteral("application/x-arachne-node-tile"); }
// A *.cluster.json file dropped from a file manager arrives as text/uri-list.

}  // namespace arachne::gui
