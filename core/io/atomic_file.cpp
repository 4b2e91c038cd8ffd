// Atomic replacement of output files (temporary file + fsync + rename) with the target checks.
#include "io/atomic_file.h"

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

#include "io/input_file.h"
#include "io/load_error.h"

namespace arachne {

namespace {

constexpr int kMaxLinkHops = 40;  // as the kernel's own limit (ELOOP)

std::string reason(int err) {
  std::string s = std::strerror(err);
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

std::string dirName(const std::string& p) {
  const auto slash = p.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return p.substr(0, slash);
}

std::string baseName(const std::string& p) {
  const auto slash = p.find_last_of('/');
  return slash == std::string::npos ? p : p.substr(slash + 1);
}

// The path a write to `path` lands on: symbolic links followed, the last existing one's target
// (which may not exist yet) returned.
std::string resolveLinks(const std::string& path) {
  std::string p = path;
  for (int hop = 0; hop < kMaxLinkHops; ++hop) {
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) return p;
    std::vector<char> buf(static_cast<size_t>(st.st_size > 0 ? st.st_size : 255) + 1);
    const ssize_t n = ::readlink(p.c_str(), buf.data(), buf.size());
    if (n < 0) throw LoadError(path, "", "cannot save: cannot follow the symbolic link: " + reason(errno));
    std::string target(buf.data(), static_cast<size_t>(n));
    if (target.empty()) throw LoadError(path, "", "cannot save: a symbolic link to an empty name");
    p = target[0] == '/' ? target : dirName(p) + "/" + target;
  }
  throw LoadError(path, "", "cannot save: cannot follow the symbolic link: more than " + std::to_string(kMaxLinkHops) +
                                " links in a row (a loop?)");
}

struct Target {
  std::string file;  // after links
  std::string dir;
  bool exists = false;
  struct stat st {};
};

Target inspect(const std::string& path) {
  if (path.empty()) throw LoadError("<output>", "", "cannot save: the output path is empty");
  Target t;
  t.file = resolveLinks(path);
  t.dir = dirName(t.file);
  const std::string via = t.file == path ? std::string() : " (the symbolic link points at '" + t.file + "')";
  if (!t.file.empty() && t.file.back() == '/')
    throw LoadError(path, "", "cannot save: the name ends in '/', a directory, not a file" + via);
  if (::lstat(t.file.c_str(), &t.st) == 0) {
    t.exists = true;
    if (!S_ISREG(t.st.st_mode))
      throw LoadError(path, "", "cannot save: it is " + fileKindName(t.st.st_mode) + via +
                                    "; refusing to replace it (outputs go to regular files only)");
    if (::access(t.file.c_str(), W_OK) != 0 && errno == EACCES)
      throw LoadError(path, "", "cannot save: the file is read-only" + via + "; refusing to replace it");
  } else if (errno != ENOENT) {
    throw LoadError(path, "", "cannot save: cannot check the file: " + reason(errno) + via);
  }
  struct stat ds {};
  if (::stat(t.dir.c_str(), &ds) != 0)
    throw LoadError(path, "", "cannot save: the directory '" + t.dir + "' " +
                                  (errno == ENOENT ? std::string("does not exist") : reason(errno)) + via);
  if (!S_ISDIR(ds.st_mode))
    throw LoadError(path, "", "cannot save: '" + t.dir + "' is not a directory" + via);
  return t;
}

// A new, exclusively created temporary file next to the target; the caller owns the descriptor.
int makeTemporary(const Target& t, const std::string& path, std::string& name) {
  // ".NAME.tmp-XXXXXX" with NAME cut to 64 bytes keeps the name short for any target name.
  std::string stem = baseName(t.file).substr(0, 64);
  name = (t.dir == "/" ? std::string("/") : t.dir + "/") + "." + stem + ".tmp-XXXXXX";
  std::vector<char> buf(name.begin(), name.end());
  buf.push_back('\0');
  const int fd = ::mkostemp(buf.data(), O_CLOEXEC);
  if (fd < 0)
    throw LoadError(path, "", "cannot save: cannot create a file in '" + t.dir + "': " + reason(errno));
  name.assign(buf.data());
  return fd;
}

mode_t currentUmask() {
  // Read without changing it (umask() both reads and sets, which races with other threads).
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);) {
    if (line.rfind("Umask:", 0) == 0) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  }
  const mode_t m = ::umask(022);
  ::umask(m);
  return m;
}

}  // namespace

void checkOutputPath(const std::string& path) {
  const Target t = inspect(path);
  std::string name;
  const int fd = makeTemporary(t, path, name);
  ::close(fd);
  ::unlink(name.c_str());
}

void writeFileAtomically(const std::string& path, const std::string& bytes) {
  const Target t = inspect(path);
  std::string temp;
  const int fd = makeTemporary(t, path, temp);
  auto fail = [&](const std::string& what, int err) {
    ::close(fd);
    ::unlink(temp.c_str());
    throw LoadError(path, "", "cannot save (" + what + "): " + reason(err) +
                                  (t.exists ? "; the existing file is unchanged" : ""));
  };
  if (t.exists) {
    if (::fchmod(fd, t.st.st_mode & 07777) != 0) fail("setting the permissions", errno);
    // Keep owner and group where allowed (root, or a group the user belongs to); else ours.
    if (t.st.st_uid != ::geteuid() || t.st.st_gid != ::getegid())
      if (::fchown(fd, t.st.st_uid, t.st.st_gid) != 0) (void)::fchown(fd, static_cast<uid_t>(-1), t.st.st_gid);
  } else if (::fchmod(fd, 0666 & ~currentUmask()) != 0) {
    fail("setting the permissions", errno);
  }
  size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      fail("writing", errno);
    }
    done += static_cast<size_t>(n);
  }
  if (::fsync(fd) != 0 && errno != EINVAL) fail("flushing to disk", errno);
  if (::close(fd) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    throw LoadError(path, "", "cannot save (closing the file): " + reason(err));
  }
  // Checked again just before the rename: the target may have changed during the write.
  struct stat now {};
  if (::lstat(t.file.c_str(), &now) == 0 && !S_ISREG(now.st_mode)) {
    ::unlink(temp.c_str());
    throw LoadError(path, "", "cannot save: it became " + fileKindName(now.st_mode) +
                                  " while it was written; refusing to replace it");
  }
  if (::rename(temp.c_str(), t.file.c_str()) != 0) {
    const int err = errno;
    ::unlink(temp.c_str());
    throw LoadError(path, "", "cannot save (replacing the file): " + reason(err));
  }
  // Make the rename itself durable; a failure here loses nothing already visible.
  const int dfd = ::open(t.dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dfd >= 0) {
    (void)::fsync(dfd);
    ::close(dfd);
  }
}

}  // namespace arachne
