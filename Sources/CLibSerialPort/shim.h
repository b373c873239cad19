#ifndef FORCELINK_CLIBSERIALPORT_SHIM_H
#define FORCELINK_CLIBSERIALPORT_SHIM_H

// libserialport (Debian: libserialport-dev), found by pkg-config.
#include <libserialport.h>
#include <sys/ioctl.h>

/// Asks the tty driver for exclusive use (TIOCEXCL): later open() calls by
/// other non-root processes fail with EBUSY until this descriptor is closed.
/// A macro-valued ioctl request is awkward from Swift, hence this shim.
static inline int forcelink_set_exclusive(int fd) {
#ifdef TIOCEXCL
  return ioctl(fd, TIOCEXCL);
#else
  (void)fd;
  return 0;
#endif
}

#endif
