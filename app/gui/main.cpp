// arachne entry point: the desktop explorer's main window.
#include <QApplication>
#include <QMainWindow>

int main(int argc, char** argv) {
  QApplication app(argc, argv);
  QApplication::setApplicationName(QStringLiteral("Arachne Plan Explorer"));
  QMainWindow window;
  window.setWindowTitle(QStringLiteral("Arachne Plan Explorer"));
  window.resize(1280, 800);
  window.show();
  return app.exec();
}
