// Writing output files atomically, and checking an output path before the work that fills it.
#pragma once

#include <string>

namespace arachne {

// Every file the core writes (plans, clusters, profile sets, policy weights, the CLI's CSV
// files) goes through writeFileAtomically:
//  - the bytes go to a new temporary file in the target's directory (".NAME.tmp-XXXXXX",
//    created exclusively with mkstemp, the name cut so a 255-byte target name still works),
//    are flushed to disk, then renamed over the target: a reader sees the old file or the
//    new one, never half of one, and a failed write leaves the old file as it was;
//  - a symbolic link is followed: the file it points at is replaced and the link stays;
//  - the target must be a regular file or absent: a directory, a device, a FIFO or a socket
//    is refused (nothing is written), and so is a read-only file;
//  - an existing file keeps its permission bits (and, when allowed, its owner and group); a
//    new file gets 0666 minus the umask, as the shell's ">" would;
//  - hard links to the old file keep the old contents (the name now names a new file).
// Errors are LoadError(path, "", problem) with the reason (e.g. "no space left on device").
void writeFileAtomically(const std::string& path, const std::string& bytes);

// The same checks without writing, for a command to run before long work: the target (after
// following links) is a regular writable file or absent, its directory exists, and a file can
// be created in it (a temporary file is created and removed again). Throws LoadError.
void checkOutputPath(const std::string& path);

}  // namespace arachne
