// sd-bus from libsystemd, the D-Bus library DrawerAccess speaks AT-SPI2
// through. Swift cannot call its variadic functions (sd_bus_message_append,
// sd_bus_call_method, sd_bus_emit_signal): DrawerAccess builds and reads
// messages one value at a time with the fixed-argument calls instead.
// string.h's strerror words sd-bus's negative errnos.
#ifndef DRAWER_X11_SYSTEMD_SHIM_H
#define DRAWER_X11_SYSTEMD_SHIM_H

#include <string.h>
#include <systemd/sd-bus.h>

#endif
